import { useId, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { HIGHEST_RATING, MAX_REVIEW_TEXT, type MyProductReview, type OrderItem } from '@bazar/contracts';
import { showToast } from '@bazar/web-kit';
import { refusalCode, refusalText } from '@bazar/web-kit/refusals';
import { declaredMutation, declaredQuery, storefrontApi } from '@bazar/web-kit/api';
import { translate, useFormats } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';
import { useCartText } from '../i18n';

/** The shopper's own reviews, and the review of a product they received (the order service checks
 *  that; the catalog keeps it and the product's stars). */
const reviewApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getMyProductReviews: declaredQuery(build, 'myProductReviews', { providesTags: ['Review'] }),
    reviewProduct: declaredMutation(build, 'reviewProduct', {
      // the product's stars change on its page and cards
      invalidatesTags: (_answer, _error, { params: { id } }) => ['Review', { type: 'Product', id }, { type: 'Review', id }],
    }),
  }),
  overrideExisting: 'throw',
});

const STARS = Array.from({ length: HIGHEST_RATING }, (_, at) => at + 1);

/** The review the shopper wrote of the product, once the reviews are read. */
function useMyReview(productId: string): MyProductReview | undefined {
  return reviewApi.useGetMyProductReviewsQuery(undefined, {
    selectFromResult: ({ data }) => ({ review: data?.find((review) => review.productId === productId) }),
  }).review;
}

/** On a delivered order's line: Rate the product, or the shopper's stars and Edit once rated; the
 *  form opens under the line. */
export function ProductReviewButton({ item }: { item: OrderItem }) {
  const t = useCartText();
  const { name } = useProductText();
  const mine = useMyReview(item.productId);
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-1 mb-2">
      {!open && (
        <div className="flex flex-wrap items-center gap-2">
          {mine && <ShownStars rating={mine.rating} label={t('review.yours')} />}
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
            aria-label={t(mine ? 'review.edit' : 'review.rate', { name: name(item) })}
          >
            {mine ? t('review.edit', { name: name(item) }) : t('review.rate', { name: name(item) })}
          </button>
        </div>
      )}
      {open && <ReviewForm item={item} mine={mine} onDone={() => setOpen(false)} />}
    </div>
  );
}

function ShownStars({ rating, label }: { rating: number; label: string }) {
  const t = useCartText();
  const { formatNumber } = useFormats();
  return (
    <span className="flex items-center gap-1 text-xs text-stone-500">
      {label}:
      <span className="flex text-accent-500" role="img" aria-label={t('review.star', { count: rating, number: formatNumber(rating) })}>
        {STARS.map((star) => (
          <Star key={star} className={`size-4 ${star <= rating ? 'fill-current' : 'text-stone-300'}`} aria-hidden />
        ))}
      </span>
    </span>
  );
}

function ReviewForm({ item, mine, onDone }: { item: OrderItem; mine: MyProductReview | undefined; onDone: () => void }) {
  const t = useCartText();
  const { name } = useProductText();
  const { formatNumber } = useFormats();
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? '');
  const [problem, setProblem] = useState<string>();
  const [review, saving] = reviewApi.useReviewProductMutation();
  const textId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) return setProblem(t('review.pickStars'));
    if (text.trim().length > MAX_REVIEW_TEXT) return setProblem(t('review.tooLong', { number: formatNumber(MAX_REVIEW_TEXT) }));
    setProblem(undefined);
    const result = await review({ params: { id: item.productId }, body: { rating, text } });
    if (result.error) return setProblem(refusalWords(result.error));
    void showToast({ tone: 'success', title: t('review.thanks'), text: t('review.shownOnProduct') });
    onDone();
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
      aria-label={t('review.formLabel', { name: name(item) })}
      className="mt-2 space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-3"
    >
      <fieldset>
        <legend className="text-sm font-semibold text-stone-700">{t('review.stars')}</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded p-1 text-accent-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={`stars-${item.productId}`}
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
                className="sr-only"
              />
              <span className="sr-only">{t('review.star', { count: star, number: formatNumber(star) })}</span>
              <Star className={`size-7 ${star <= rating ? 'fill-current' : 'text-stone-300'}`} aria-hidden />
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={textId} className="text-sm font-semibold text-stone-700">
          {t('review.text')}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MAX_REVIEW_TEXT}
          rows={3}
          className="mt-1 w-full rounded-lg border border-stone-300 bg-white p-2 text-sm"
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={saving.isLoading}
          className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {t('review.save')}
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-full border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100"
        >
          {t('review.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A refusal as the shopper reads it: not received yet in the review's own words, anything else by
 *  its code (refusalText: the server's words on an English page). */
function refusalWords(error: unknown): string {
  if (refusalCode(error) === 'review-needs-delivery') return translate('cart:review.notReceived');
  return refusalText(error) ?? translate('common:somethingWentWrong');
}

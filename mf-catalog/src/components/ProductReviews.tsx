import { useEffect } from 'react';
import { Star } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import { useGetProductReviewsQuery } from '../api';
import { useCatalogText } from '../i18n';

/** The product's reviews, by shoppers who received it, the latest first. Read again when the
 *  product's count of reviews changes (its page is kept current). */
export function ProductReviews({ productId, rated }: { productId: string; rated: number }) {
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  const { data, refetch, isUninitialized } = useGetProductReviewsQuery(productId);
  useEffect(() => {
    if (!isUninitialized && data && data.reviews.length < Math.min(rated, 50)) void refetch();
  }, [rated, data, isUninitialized, refetch]);
  const reviews = data?.reviews ?? [];
  return (
    <section aria-labelledby="product-reviews" className="md:col-span-2">
      <h2 id="product-reviews" className="text-xl font-bold text-stone-800">
        {t('reviews')}
      </h2>
      {data && reviews.length === 0 && <p className="mt-3 text-sm text-stone-500">{t('noReviewsYet')}</p>}
      <ul className="mt-4 grid gap-3 md:grid-cols-2">
        {reviews.map((review, at) => (
          <li key={`${review.reviewedAt}-${at}`} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <div className="flex items-center justify-between gap-2">
              <p className="font-semibold text-stone-800">{review.name || t('aShopper')}</p>
              <span className="flex text-accent-500" role="img" aria-label={t('ratedStars', { average: formatNumber(review.rating) })}>
                {[1, 2, 3, 4, 5].map((star) => (
                  <Star key={star} className={`size-4 ${star <= review.rating ? 'fill-current' : 'text-stone-300'}`} aria-hidden />
                ))}
              </span>
            </div>
            {review.text && <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-stone-600">{review.text}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

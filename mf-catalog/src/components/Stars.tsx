import { Star } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import type { ProductRating } from '@bazar/contracts';
import { useCatalogText } from '../i18n';

/** The stars the product's reviews give it, and how many reviews; nothing at all until it has one
 *  (a product no one has reviewed shows no stars rather than made-up ones). */
export function Stars({ rating, className = '' }: { rating: ProductRating | undefined; className?: string }) {
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  if (!rating) return null;
  const average = formatNumber(rating.average);
  return (
    <p className={`flex items-center gap-1 text-sm text-stone-500 ${className}`} data-testid="product-stars">
      <span className="flex text-accent-500" role="img" aria-label={t('ratedStars', { average })}>
        {[1, 2, 3, 4, 5].map((star) => (
          <Star key={star} className={`size-4 ${star <= Math.round(rating.average) ? 'fill-current' : 'text-stone-300'}`} aria-hidden />
        ))}
      </span>
      <span>{t('reviewCount', { count: rating.count, number: formatNumber(rating.count) })}</span>
    </p>
  );
}

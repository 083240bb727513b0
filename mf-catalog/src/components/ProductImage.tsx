import { ShoppingBasket } from 'lucide-react';

/** The widths the media service makes of every picture it stores (services/media README,
 *  "Picture variants"): `/media/<hash>.webp` has `/media/<hash>-<width>.webp` beside it, answered
 *  in AVIF by nginx to a browser that takes it. */
const VARIANT_WIDTHS = [160, 320, 640, 1024];
const MEDIA_PICTURE = /^(.*\/media\/[0-9a-f]{64})\.webp$/;

/** The `srcset` of a picture the media service stored, or undefined for any other URL. */
export function mediaSrcSet(src: string): string | undefined {
  const base = MEDIA_PICTURE.exec(src)?.[1];
  return base && VARIANT_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', ');
}

/** How wide the picture shows, for the browser to pick a width before layout (the grids' columns
 *  and gaps, in CSS pixels). */
export const PICTURE_SIZES = {
  /** ProductGrid: 2, 3 then 5 columns (gap 16 px) in max-w-7xl with 16 px padding */
  card: '(min-width: 1280px) 237px, (min-width: 1024px) calc((100vw - 96px) / 5), (min-width: 640px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)',
  /** the product page: half of max-w-6xl (gap 40 px) from md on, else the whole width */
  page: '(min-width: 1152px) 540px, (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 32px)',
  /** a size-28 thumbnail */
  thumbnail: '112px',
} as const;

interface ProductImageProps {
  src: string;
  name: string;
  className?: string;
  sizes?: string;
  /** the page's main picture (its Largest Contentful Paint): fetched at once and first, not lazily */
  priority?: boolean;
  /** in view when the page opens (not the page's main picture): fetched at once, not lazily */
  eager?: boolean;
}

/** A product's picture, or a basket placeholder when it has none. Pictures are square boxes
 *  (object-cover): the width and height given reserve the box before the picture arrives, the CSS
 *  sizes it. */
export function ProductImage({
  src,
  name,
  className = '',
  sizes = PICTURE_SIZES.card,
  priority = false,
  eager = false,
}: ProductImageProps) {
  if (!src) {
    return (
      <div className={`flex items-center justify-center bg-brand-50 text-brand-200 ${className}`} role="img" aria-label={name}>
        <ShoppingBasket className="size-1/3" aria-hidden />
      </div>
    );
  }
  const srcSet = mediaSrcSet(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet && sizes}
      width={640}
      height={640}
      alt={name}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={`bg-brand-50 object-cover ${className}`}
    />
  );
}

import { ShoppingBasket } from 'lucide-react';

/** A product's picture, or a basket placeholder when it has none. */
export function ProductImage({ src, name, className = '' }: { src: string; name: string; className?: string }) {
  if (!src) {
    return (
      <div className={`flex items-center justify-center bg-brand-50 text-brand-200 ${className}`} role="img" aria-label={name}>
        <ShoppingBasket className="size-1/3" aria-hidden />
      </div>
    );
  }
  return <img src={src} alt={name} loading="lazy" className={`bg-brand-50 object-cover ${className}`} />;
}

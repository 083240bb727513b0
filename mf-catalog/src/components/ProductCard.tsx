import { Link } from '@bazar/web-kit/routing';
import { Eye, Plus } from 'lucide-react';
import { formatTaka } from '@bazar/web-kit';
import type { Product } from '@bazar/contracts';
import { ProductImage } from './ProductImage';

interface ProductCardProps {
  product: Product;
  onAdd: (product: Product) => void;
}

export function ProductCard({ product, onAdd }: ProductCardProps) {
  const inStock = product.quantity > 0;
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <div className="relative">
        <ProductImage src={product.img} name={product.name} className="aspect-square w-full" />
        <Link
          to={`/product-details/${product._id}`}
          aria-label={`Details of ${product.name}`}
          className="absolute top-3 right-3 rounded-full bg-white/90 p-2 text-stone-600 shadow hover:bg-brand-600 hover:text-white"
        >
          <Eye className="size-4" />
        </Link>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-stone-800">{product.name}</h3>
        <p className="mt-auto text-sm text-stone-500">
          <span className="text-lg font-bold text-brand-700">{formatTaka(product.price)}</span> / piece
        </p>
        <button
          type="button"
          disabled={!inStock}
          onClick={() => onAdd(product)}
          className="flex items-center justify-center gap-1 rounded-full bg-brand-600 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300"
        >
          {inStock ? (
            <>
              <Plus className="size-4" aria-hidden /> Add
            </>
          ) : (
            'Stock Out'
          )}
        </button>
      </div>
    </article>
  );
}

/** A grey card of the same shape, while the products load. */
export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <div className="aspect-square w-full animate-pulse bg-stone-200" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="h-6 w-3/4 animate-pulse rounded bg-stone-200" />
        <div className="mt-6 h-7 w-1/2 animate-pulse rounded bg-stone-200" />
        <div className="h-9 animate-pulse rounded-full bg-stone-200" />
      </div>
    </div>
  );
}

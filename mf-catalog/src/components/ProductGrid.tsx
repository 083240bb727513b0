import type { Product } from '@bazar/contracts';
import { ProductCard } from './ProductCard';

/** The columns of the product grid, which the loading skeleton shares. */
export const PRODUCT_GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5';

export function ProductGrid({ products, onAdd }: { products: Product[]; onAdd: (product: Product) => void }) {
  return (
    <div className={PRODUCT_GRID}>
      {products.map((product) => (
        <ProductCard key={product._id} product={product} onAdd={onAdd} />
      ))}
    </div>
  );
}

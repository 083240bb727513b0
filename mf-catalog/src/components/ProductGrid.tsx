import type { Product } from '@bazar/contracts';
import { ProductCard } from './ProductCard';

/** The columns of the product grid, which the loading skeleton shares. */
export const PRODUCT_GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5';

/** The first row on a phone (two columns): a grid at the top of its page has these pictures in view,
 *  and the first of them is the page's Largest Contentful Paint there. */
const FIRST_ROW = 2;

interface ProductGridProps {
  products: Product[];
  onAdd: (product: Product) => void;
  /** the grid opens its page, so its first row's pictures are fetched at once rather than lazily, the
   *  first one ahead of the rest */
  atTop?: boolean;
}

export function ProductGrid({ products, onAdd, atTop = false }: ProductGridProps) {
  return (
    <div className={PRODUCT_GRID}>
      {products.map((product, index) => (
        <ProductCard key={product._id} product={product} onAdd={onAdd} eager={atTop && index < FIRST_ROW} priority={atTop && index === 0} />
      ))}
    </div>
  );
}

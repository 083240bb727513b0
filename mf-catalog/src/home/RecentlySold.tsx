import type { Product } from '@bazar/contracts';
import { ProductCard } from '../components/ProductCard';
import { SectionTitle } from '../components/SectionTitle';

export function RecentlySold({ products, onAdd }: { products: Product[]; onAdd: (product: Product) => void }) {
  return (
    <section aria-labelledby="recently-sold">
      <SectionTitle id="recently-sold" kicker="Fresh from the market">
        Recently Sold Items
      </SectionTitle>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {products.map((product) => (
          <ProductCard key={product._id} product={product} onAdd={onAdd} />
        ))}
      </div>
      <div className="mt-8 text-center">
        <button
          type="button"
          className="rounded-full border-2 border-brand-600 px-8 py-2 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white"
        >
          Show More
        </button>
      </div>
    </section>
  );
}

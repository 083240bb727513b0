import { useSearchParams } from '@bazar/web-kit/routing';
import '../styles.css';
import { useGetProductsQuery } from '../api';
import { useAddToCart } from '@bazar/web-kit/cart';
import { ProductGrid } from '../components/ProductGrid';
import { QueryState } from '../components/QueryState';

export default function SearchPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const products = useGetProductsQuery(search);
  const { add } = useAddToCart();
  const found = products.data ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-extrabold text-stone-800">{search ? `Results for “${search}”` : 'All products'}</h1>
      <div className="mt-6">
        <QueryState isLoading={products.isFetching} isError={products.isError} onRetry={products.refetch} skeletons={5}>
          {found.length === 0 ? (
            <p className="rounded-2xl bg-white p-10 text-center text-stone-500">No products match your search.</p>
          ) : (
            <ProductGrid products={found} onAdd={add} atTop />
          )}
        </QueryState>
      </div>
    </div>
  );
}

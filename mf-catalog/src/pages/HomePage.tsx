import { Suspense, lazy } from 'react';
import '../styles.css';
import { HOME_PRODUCTS } from '@bazar/contracts';
import { useGetProductsQuery } from '../api';
import { useAddToCart } from '../cart';
import { QueryState } from '../components/QueryState';
import { ProductGrid } from '../components/ProductGrid';
import { Slider } from '../home/Slider';
import { PromoBanners } from '../home/Promos';
import { RecentlySold } from '../home/RecentlySold';

// below the first ten products on every screen: fetched once the first view is up
const FeaturedItems = lazy(() => import('../home/FeaturedItems').then(({ FeaturedItems }) => ({ default: FeaturedItems })));
const LowerSections = lazy(() => import('../home/LowerSections'));

const RECENT = 10;
const FEATURED = 6;

export default function HomePage() {
  const products = useGetProductsQuery(HOME_PRODUCTS);
  const { add } = useAddToCart();
  const list = products.data?.products ?? [];

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-6">
      <Slider />
      <PromoBanners />
      <RecentlySold>
        <QueryState isLoading={products.isLoading} isError={products.isError} onRetry={products.refetch} skeletons={RECENT}>
          <ProductGrid products={list.slice(0, RECENT)} onAdd={add} />
        </QueryState>
      </RecentlySold>
      <Suspense>{list.length > RECENT && <FeaturedItems products={list.slice(RECENT, RECENT + FEATURED)} onAdd={add} />}</Suspense>
      <Suspense>
        <LowerSections />
      </Suspense>
    </div>
  );
}

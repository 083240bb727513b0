import type { ReactNode } from 'react';
import { ProductCardSkeleton } from './ProductCard';
import { PRODUCT_GRID } from './ProductGrid';
import { useCatalogText } from '../i18n';

/** Skeleton while loading, an error with Retry when the API fails, else the content. */
export function QueryState({
  isLoading,
  isError,
  onRetry,
  skeletons,
  children,
}: {
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  skeletons: number;
  children: ReactNode;
}) {
  const t = useCatalogText();
  if (isLoading) {
    return (
      <div role="status" aria-busy="true" aria-label={t('queryState.loading')} className={PRODUCT_GRID}>
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
        <p>{t('queryState.failed')}</p>
        <button type="button" onClick={onRetry} className="mt-3 rounded-full bg-red-700 px-5 py-1.5 text-sm font-semibold text-white">
          {t('queryState.retry')}
        </button>
      </div>
    );
  }
  return children;
}

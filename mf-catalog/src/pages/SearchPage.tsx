import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '@bazar/web-kit/routing';
import { DEFAULT_PAGE_SIZE, productListPageRequest, type ProductSort } from '@bazar/contracts';
import { useAddToCart } from '../cart';
import { useFormats } from '@bazar/web-kit/i18n';
import '../styles.css';
import { useGetProductsQuery } from '../api';
import { Pagination } from '../components/Pagination';
import { ProductGrid } from '../components/ProductGrid';
import { QueryState } from '../components/QueryState';
import { SortControl } from '../components/SortControl';
import { useCategoryName } from '../categories';
import { useCatalogText } from '../i18n';

/**
 * Search results and a category's products (`/search?search=…&category=…&sort=…&page=…`), a page
 * at a time. The address holds the whole state, so a page can be shared and Back returns to the
 * page and order the shopper saw before.
 */
export default function SearchPage() {
  const [address, setAddress] = useSearchParams();
  const request = productListPageRequest(address);
  const { q: search, category, sort, page } = request;
  const products = useGetProductsQuery(request);
  const { add } = useAddToCart();
  const t = useCatalogText();
  const categoryName = useCategoryName();
  const { formatNumber } = useFormats();
  const shown = products.currentData;
  const pages = Math.ceil((shown?.total ?? 0) / DEFAULT_PAGE_SIZE);

  /** This address with some of its parameters changed (undefined removes one). */
  const addressWith = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(address);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    return next;
  };
  const addressOf = (to: number) => `?${addressWith({ page: to > 1 ? String(to) : undefined })}`;
  const sortBy = (to: ProductSort | undefined) => setAddress(addressWith({ sort: to, page: undefined }));

  // After a page link, the keyboard and screen readers start again at the top of the new page.
  const heading = useRef<HTMLHeadingElement>(null);
  const turned = useRef(false);
  useEffect(() => {
    if (turned.current && shown) {
      turned.current = false;
      heading.current?.focus({ preventScroll: true });
    }
  });

  const shelf = category && categoryName(category);
  const title = search
    ? t(shelf ? 'searchPage.resultsForIn' : 'searchPage.resultsFor', { search, category: shelf })
    : shelf || t('searchPage.allProducts');
  const first = (page - 1) * DEFAULT_PAGE_SIZE + 1;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-extrabold text-stone-800 focus:outline-none">
            {title}
          </h1>
          <p aria-live="polite" className="mt-1 min-h-5 text-sm text-stone-600">
            {shown &&
              shown.products.length > 0 &&
              t('searchPage.showing', {
                first: formatNumber(first),
                last: formatNumber(first + shown.products.length - 1),
                total: formatNumber(shown.total),
              })}
          </p>
        </div>
        <SortControl sort={sort} onChange={sortBy} />
      </div>
      <div className="mt-6">
        <QueryState isLoading={!shown && !products.isError} isError={products.isError} onRetry={products.refetch} skeletons={10}>
          {shown && shown.products.length > 0 ? (
            <>
              <ProductGrid products={shown.products} onAdd={add} atTop />
              <Pagination page={page} pages={pages} addressOf={addressOf} onTurn={() => (turned.current = true)} />
            </>
          ) : shown && shown.total > 0 ? (
            <p className="rounded-2xl bg-white p-10 text-center text-stone-500">
              {t('searchPage.noSuchPage', { page: formatNumber(page) })}{' '}
              <Link to={addressOf(pages)} className="font-semibold text-brand-700 underline">
                {t('searchPage.lastPage')}
              </Link>
            </p>
          ) : (
            <div className="rounded-2xl bg-white p-10 text-center text-stone-600">
              <p>{t('searchPage.noMatch')}</p>
              {shown && shown.closeMatches.length > 0 && (
                <p className="mt-3">
                  {t('searchPage.didYouMean')}{' '}
                  {shown.closeMatches.map((match, at) => (
                    <span key={match}>
                      {at > 0 && ', '}
                      <Link to={`?${addressWith({ search: match, page: undefined })}`} className="font-semibold text-brand-700 underline">
                        {match}
                      </Link>
                    </span>
                  ))}
                </p>
              )}
            </div>
          )}
        </QueryState>
      </div>
    </div>
  );
}

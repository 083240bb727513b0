import { startTransition, useOptimistic } from 'react';
import { LoadFailure, Spinner } from '@bazar/web-kit';
import { useFormats } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';
import { Link, useLocation, useSearchParams } from '@bazar/web-kit/routing';
import { useGetLowStockPageQuery, useGetStoreSettingsQuery } from '../admin-api';
import { useGetShelfPageQuery } from '../api';
import { LowStockSettings } from '../components/LowStockSettings';
import { Pager } from '../components/Pager';
import { useDashboardText } from '../i18n';

const PAGE_SIZE = 12;

/** Where the edit form goes back to once saved: this page of the list. */
export interface EditFrom {
  back: string;
}

/** Every product of the shelf for the admin, newest first, a page at a time (the page is in the
 *  address, so Back and a saved edit return to it), each with its Edit. Products with fewer units
 *  than the store's low-stock threshold are marked, and `?low=1` lists those alone, fewest first. */
export function Products() {
  const t = useDashboardText();
  const { formatTaka, formatNumber } = useFormats();
  const { name } = useProductText();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const lowOnly = search.get('low') === '1';
  const whole = useGetShelfPageQuery({ sort: 'newest', page, pageSize: PAGE_SIZE }, { skip: lowOnly });
  const low = useGetLowStockPageQuery({ page, pageSize: PAGE_SIZE }, { skip: !lowOnly });
  const shelf = lowOnly ? low : whole;
  const threshold = useGetStoreSettingsQuery().data?.lowStockThreshold ?? 0;
  // the box shows the admin's click at once: the list follows the address, a navigation React may
  // finish a moment later (while the shelf is read again after a save, say), and a box bound to the
  // address alone showed the old state until then
  const [lowShown, setLowShown] = useOptimistic(lowOnly);
  const turnTo = (next: number, lowStock = lowOnly) => setSearch({ page: String(next), ...(lowStock && { low: '1' }) });
  const pages = Math.max(1, Math.ceil((shelf.data?.total ?? 0) / PAGE_SIZE));
  const from: EditFrom = { back: location.pathname + location.search };

  return (
    <section aria-labelledby="products">
      <h2 id="products" className="text-2xl font-bold text-stone-800">
        {t('links.products')}
      </h2>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4 rounded-2xl bg-stone-50 p-3">
        <LowStockSettings />
        <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
          <input
            type="checkbox"
            checked={lowShown}
            onChange={(event) => {
              const wanted = event.target.checked;
              startTransition(() => {
                setLowShown(wanted);
                turnTo(1, wanted);
              });
            }}
            className="size-4 accent-brand-600"
          />
          {t('lowStockOnly')}
        </label>
      </div>
      {shelf.isError && <LoadFailure what={t('theProducts')} onRetry={() => void shelf.refetch()} className="mt-4" />}
      {shelf.isLoading ? (
        <Spinner label={t('loadingProducts')} />
      ) : (
        shelf.data && (
          <>
            <div className="mt-6 overflow-hidden rounded-2xl border border-stone-200">
              <div
                aria-hidden
                className="hidden grid-cols-[3rem_1fr_7rem_6rem_5rem] gap-x-3 bg-brand-50 px-3 py-2.5 text-sm font-semibold text-brand-900 sm:grid"
              >
                <span />
                <span>{t('product')}</span>
                <span className="text-right">{t('price')}</span>
                <span className="text-right">{t('inStock')}</span>
              </div>
              {shelf.data.products.length === 0 ? (
                <p className="px-3 py-6 text-center text-stone-500">{lowOnly ? t('noLowStock') : t('noProducts')}</p>
              ) : (
                <ul
                  aria-label={lowOnly ? t('productsLowOnStock') : t('productsNewestFirst')}
                  aria-busy={shelf.isFetching}
                  className={shelf.currentData === undefined && shelf.isFetching ? 'opacity-60' : undefined}
                >
                  {shelf.data.products.map((product) => (
                    <li
                      key={product._id}
                      className="grid grid-cols-[3rem_1fr_auto] items-center gap-x-3 gap-y-1 border-t border-stone-100 px-3 py-3 text-sm first:border-t-0 sm:grid-cols-[3rem_1fr_7rem_6rem_5rem]"
                    >
                      <img src={product.img} alt="" className="row-span-2 size-12 rounded-lg object-cover sm:row-span-1" />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-stone-800">{name(product)}</span>
                        {product.category && <span className="block truncate text-xs text-stone-500">{product.category}</span>}
                        {product.quantity < threshold && (
                          <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                            {t('lowStock')}
                          </span>
                        )}
                      </span>
                      <Link
                        to={`/dashboard/products/${product._id}`}
                        state={from}
                        aria-label={t('editProduct', { name: name(product) })}
                        className="rounded-full border border-brand-600 px-4 py-1.5 text-center font-semibold text-brand-700 hover:bg-brand-50 sm:order-last"
                      >
                        {t('edit')}
                      </Link>
                      <span className="col-start-2 text-stone-700 sm:col-start-auto sm:text-right">
                        {formatTaka(product.price)}
                        <span className="text-stone-500 sm:hidden">
                          {' '}
                          · {t('stockCount', { count: product.quantity, formatted: formatNumber(product.quantity) })}
                        </span>
                      </span>
                      <span className="hidden text-right text-stone-700 sm:block">{formatNumber(product.quantity)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <Pager
              page={page}
              pages={pages}
              count={t('productCount', { count: shelf.data.total, formatted: formatNumber(shelf.data.total) })}
              onTurn={(next) => turnTo(next)}
            />
          </>
        )
      )}
    </section>
  );
}

import { useState } from 'react';
import { Spinner, LoadFailure } from '@bazar/web-kit';
import { LiveBadge, useOrderStream } from '@bazar/web-kit/orders';
import { useGetAllOrdersQuery } from '../api';
import { takeOrderChange } from '../live-orders';
import { OrderFilters, type Filters } from '../components/orders/OrderFilters';
import { OrderRow } from '../components/orders/OrderRow';
import { Pager } from '../components/Pager';
import { SummaryPanel } from '../components/orders/SummaryPanel';
import { DeliverySlotsPanel } from '../components/orders/DeliverySlotsPanel';
import { SalesPanel } from '../components/orders/SalesPanel';
import { ExportOrders } from '../components/orders/ExportOrders';
import { useFormats } from '@bazar/web-kit/i18n';
import { useDashboardText } from '../i18n';
import { useReadAgainWhenLive } from '../read-again-when-live';

const PAGE_SIZE = 10;

/** Every shopper's orders for the admin: today's figures, filters, a page at a time, newest first;
 *  live, so a shopper's confirmation or cancellation shows without a reload. */
export function Orders() {
  const live = useOrderStream(takeOrderChange);
  const t = useDashboardText();
  const { formatNumber } = useFormats();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const orders = useGetAllOrdersQuery({ ...filters, page, pageSize: PAGE_SIZE });
  useReadAgainWhenLive(live, orders);
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));

  function filter(next: Filters) {
    setFilters(next);
    setPage(1);
  }

  return (
    <section aria-labelledby="orders">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="orders" className="text-2xl font-bold text-stone-800">
          {t('links.orders')}
        </h2>
        <LiveBadge state={live} />
      </div>
      <SummaryPanel live={live} />
      <SalesPanel live={live} />
      <DeliverySlotsPanel onShowSlot={(slot) => filter({ ...filters, slot })} />
      <OrderFilters filters={filters} onChange={filter} />
      <div className="mt-3 flex justify-end">
        <ExportOrders filters={filters} />
      </div>
      {orders.isError && <LoadFailure what={t('theOrders')} onRetry={() => void orders.refetch()} className="mt-4" />}
      {orders.isLoading ? (
        <Spinner label={t('loadingOrders')} />
      ) : (
        orders.data && (
          <>
            <div className="mt-6 overflow-hidden rounded-2xl border border-stone-200">
              <div
                aria-hidden
                className="hidden grid-cols-[9.5rem_1fr_7rem_9rem_1.25rem] gap-x-3 bg-brand-50 px-3 py-2.5 text-sm font-semibold text-brand-900 sm:grid"
              >
                <span>{t('placed')}</span>
                <span>{t('shopperAndOrder')}</span>
                <span className="text-right">{t('total')}</span>
                <span>{t('status')}</span>
              </div>
              {orders.data.orders.length === 0 ? (
                <p className="px-3 py-6 text-center text-stone-500">{t('noOrdersMatch')}</p>
              ) : (
                <ul
                  aria-label={t('ordersNewestFirst')}
                  aria-busy={orders.isFetching}
                  // dimmed only while another page or filter is read, not while a live change
                  // refreshes this one (a dimmed list would fall below readable contrast)
                  className={orders.currentData === undefined && orders.isFetching ? 'opacity-60' : undefined}
                >
                  {orders.data.orders.map((order) => (
                    <OrderRow key={order._id} order={order} />
                  ))}
                </ul>
              )}
            </div>
            <Pager
              page={page}
              pages={pages}
              count={t('orderCount', { count: orders.data.total, formatted: formatNumber(orders.data.total) })}
              onTurn={setPage}
            />
          </>
        )
      )}
    </section>
  );
}

import { lazy, Suspense, useMemo } from 'react';
import { LoadFailure } from '@bazar/web-kit';
import { useFormats } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';
import type { OrderStreamState } from '@bazar/web-kit/orders';
import type { SalesDay } from '@bazar/contracts';
import { useGetSalesReportQuery } from '../../admin-api';
import { useGetOrderSummaryQuery } from '../../api';
import { useDashboardText } from '../../i18n';
import { useReadAgainWhenLive } from '../../read-again-when-live';

// the chart library comes with the chart, after the page's own code (see SalesChart)
const SalesChart = lazy(() => import('./SalesChart'));

/** The days of the report, today's as today's figures count it: the same counts, kept live, so the
 *  month and today's figures above it never disagree about today. */
function withToday(days: SalesDay[], summary: { today: string; todayOrders: number; todayRevenue: number } | undefined): SalesDay[] {
  const last = days.at(-1);
  if (!summary || last?.day !== summary.today) return days;
  return [...days.slice(0, -1), { day: last.day, orders: summary.todayOrders, revenue: summary.todayRevenue }];
}

/** The last 30 shop days: the orders and revenue of each as a chart (and a table of the same
 *  figures), and the ten best-selling products in them. */
export function SalesPanel({ live }: { live: OrderStreamState }) {
  const t = useDashboardText();
  const { formatTaka, formatNumber, formatDate } = useFormats();
  const { name } = useProductText();
  const report = useGetSalesReportQuery(undefined, { refetchOnMountOrArgChange: 60 });
  useReadAgainWhenLive(live, report);
  // Today's orders and revenue, which the live stream keeps current on the page (the report is read
  // when the page opens, and the order service answers it as made up to a few seconds before).
  const { data: summary } = useGetOrderSummaryQuery();
  // one array for as long as its figures stay, so that the chart is not drawn again for nothing
  const data = useMemo(() => report.data && { ...report.data, days: withToday(report.data.days, summary) }, [report.data, summary]);
  if (report.isError) return <LoadFailure what={t('theSales')} onRetry={() => void report.refetch()} className="mt-6 text-sm" />;
  const orders = data?.days.reduce((sum, day) => sum + day.orders, 0) ?? 0;
  const revenue = data?.days.reduce((sum, day) => sum + day.revenue, 0) ?? 0;

  return (
    <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
      <section aria-labelledby="sales-days" className="min-w-0 rounded-2xl border border-stone-200 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="sales-days" className="text-lg font-bold text-stone-800">
            {t('last30Days')}
          </h3>
          <p className="text-sm text-stone-600">
            {data ? t('salesTotals', { orders: formatNumber(orders), count: orders, revenue: formatTaka(revenue) }) : '…'}
          </p>
        </div>
        <div className="mt-3 min-h-[17rem]" aria-busy={!data}>
          {data && (
            <Suspense fallback={<p className="py-24 text-center text-sm text-stone-500">{t('loadingChart')}</p>}>
              <SalesChart days={data.days} />
            </Suspense>
          )}
        </div>
        {data && (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">{t('salesAsTable')}</summary>
            <div className="mt-2 max-h-72 overflow-y-auto">
              <table className="w-full text-left">
                <caption className="sr-only">{t('salesTableCaption')}</caption>
                <thead className="sticky top-0 bg-brand-50 text-brand-900">
                  <tr>
                    <th scope="col" className="px-2 py-1.5">
                      {t('day')}
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-right">
                      {t('ordersPlaced')}
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-right">
                      {t('revenue')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...data.days].reverse().map((day) => (
                    <tr key={day.day} className="border-t border-stone-100">
                      <th scope="row" className="px-2 py-1 font-normal">
                        {formatDate(day.day)}
                      </th>
                      <td className="px-2 py-1 text-right">{formatNumber(day.orders)}</td>
                      <td className="px-2 py-1 text-right">{formatTaka(day.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        )}
      </section>
      <section aria-labelledby="best-sellers" className="min-w-0 rounded-2xl border border-stone-200 p-4">
        <h3 id="best-sellers" className="text-lg font-bold text-stone-800">
          {t('bestSellers')}
        </h3>
        {data && data.bestSellers.length === 0 && <p className="mt-3 text-sm text-stone-500">{t('noSalesYet')}</p>}
        <ol aria-label={t('bestSellers')} className="mt-3 space-y-2 text-sm">
          {data?.bestSellers.map((product, i) => (
            <li key={product.productId} className="grid grid-cols-[1.5rem_1fr_auto] items-baseline gap-x-2">
              <span className="text-right font-semibold text-stone-500">{formatNumber(i + 1)}</span>
              <span className="min-w-0 truncate font-medium text-stone-800">{name({ name: product.name, name_bn: product.name_bn })}</span>
              <span className="text-right whitespace-nowrap text-stone-700">
                {t('unitsSold', { count: product.units, formatted: formatNumber(product.units) })}
                <span className="block text-xs text-stone-500">{formatTaka(product.revenue)}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

import { ORDER_STATUSES } from '@bazar/contracts';
import { LoadFailure } from '@bazar/web-kit';
import { useFormats } from '@bazar/web-kit/i18n';
import { useOrderStatusLabel, type OrderStreamState } from '@bazar/web-kit/orders';
import { useGetOrderSummaryQuery } from '../../api';
import { useDashboardText } from '../../i18n';
import { useReadAgainWhenLive } from '../../read-again-when-live';

/** Today's orders and revenue, and how many orders stand in each status now. */
export function SummaryPanel({ live }: { live: OrderStreamState }) {
  const { data: summary, isError, refetch } = useGetOrderSummaryQuery();
  useReadAgainWhenLive(live, { isError, refetch });
  const t = useDashboardText();
  const statusLabel = useOrderStatusLabel();
  const { formatTaka, formatNumber } = useFormats();
  if (isError) {
    return <LoadFailure what={t('todaysFigures')} onRetry={() => void refetch()} className="mt-4 text-sm" />;
  }
  return (
    <section aria-label={t('summary')} className="mt-4 grid gap-3 lg:grid-cols-[auto_auto_1fr]">
      <dl className="contents">
        <Figure label={t('todaysOrders')} value={summary ? formatNumber(summary.todayOrders) : '…'} />
        <Figure label={t('todaysRevenue')} value={summary ? formatTaka(summary.todayRevenue) : '…'} />
      </dl>
      <dl aria-label={t('ordersByStatus')} className="grid grid-cols-3 gap-2 rounded-2xl bg-stone-50 p-3 sm:grid-cols-6">
        {ORDER_STATUSES.map((status) => (
          <div key={status} className="min-w-0 text-center">
            <dt className="truncate text-xs text-stone-500">{statusLabel(status)}</dt>
            <dd className="text-lg font-bold text-stone-800">{summary ? formatNumber(summary.byStatus[status] ?? 0) : '…'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-brand-50 px-5 py-3">
      <dt className="text-xs font-medium text-brand-800">{label}</dt>
      <dd className="text-2xl font-extrabold text-brand-900">{value}</dd>
    </div>
  );
}

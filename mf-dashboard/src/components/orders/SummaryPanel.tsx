import { OrderStatus } from '@bazar/contracts';
import { formatTaka, LoadFailure } from '@bazar/web-kit';
import { ORDER_STATUS_LABEL } from '@bazar/web-kit/orders';
import { useGetOrderSummaryQuery } from '../../api';

/** Today's orders and revenue, and how many orders stand in each status now. */
export function SummaryPanel() {
  const { data: summary, isError, refetch } = useGetOrderSummaryQuery();
  if (isError) {
    return <LoadFailure what="today's figures" onRetry={() => void refetch()} className="mt-4 text-sm" />;
  }
  return (
    <section aria-label="Summary" className="mt-4 grid gap-3 lg:grid-cols-[auto_auto_1fr]">
      <dl className="contents">
        <Figure label="Today's orders" value={summary ? String(summary.todayOrders) : '…'} />
        <Figure label="Today's revenue" value={summary ? formatTaka(summary.todayRevenue) : '…'} />
      </dl>
      <dl aria-label="Orders by status" className="grid grid-cols-3 gap-2 rounded-2xl bg-stone-50 p-3 sm:grid-cols-6">
        {OrderStatus.options.map((status) => (
          <div key={status} className="min-w-0 text-center">
            <dt className="truncate text-xs text-stone-500">{ORDER_STATUS_LABEL[status]}</dt>
            <dd className="text-lg font-bold text-stone-800">{summary?.byStatus[status] ?? (summary ? 0 : '…')}</dd>
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

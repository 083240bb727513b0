import type { OrderStatus } from '@bazar/contracts';
import { ORDER_STATUS_LABEL } from '@bazar/web-kit/orders';

const look: Record<OrderStatus, string> = {
  placed: 'bg-amber-100 text-amber-800',
  confirmed: 'bg-sky-100 text-sky-800',
  packed: 'bg-indigo-100 text-indigo-800',
  'out-for-delivery': 'bg-violet-100 text-violet-800',
  delivered: 'bg-brand-100 text-brand-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${look[status]}`}>
      {ORDER_STATUS_LABEL[status]}
    </span>
  );
}

import { formatTaka, Spinner } from '@bazar/web-kit';
import '../styles.css';
import { useConfirmOrderMutation, useGetMyOrdersQuery } from '../api';

const statusLabel = { 'pending-payment': 'Awaiting payment', confirmed: 'Confirmed' } as const;

export default function MyOrdersPage() {
  const { data: orders = [], isLoading, isError, refetch } = useGetMyOrdersQuery();
  const [confirm, confirming] = useConfirmOrderMutation();

  if (isLoading) return <Spinner label="Loading your orders" />;
  if (isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        We could not load your orders.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Retry
        </button>
      </p>
    );
  }
  return (
    <section aria-labelledby="my-orders">
      <h2 id="my-orders" className="text-2xl font-bold text-stone-800">
        My Orders
      </h2>
      {orders.length === 0 && <p className="mt-4 text-stone-500">You have not placed any orders yet.</p>}
      <ul className="mt-4 space-y-4">
        {orders.map((order) => (
          <li key={order._id} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-stone-500">
                Placed <time dateTime={order.placedAt}>{new Date(order.placedAt).toLocaleString('en-GB')}</time>
              </p>
              <span
                className={`rounded-full px-3 py-1 text-xs font-bold ${order.status === 'confirmed' ? 'bg-brand-100 text-brand-700' : 'bg-amber-100 text-amber-800'}`}
              >
                {statusLabel[order.status]}
              </span>
            </div>
            <ul className="mt-3 text-sm text-stone-700">
              {order.items.map((item) => (
                <li key={item.productId} className="flex justify-between py-0.5">
                  <span>
                    {item.name} × {item.quantity}
                  </span>
                  <span>{formatTaka(item.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex items-center justify-between border-t border-stone-100 pt-3">
              <p className="font-bold text-stone-800">Total {formatTaka(order.total)}</p>
              {order.status === 'pending-payment' && (
                <button
                  type="button"
                  disabled={confirming.isLoading}
                  onClick={() => void confirm(order._id)}
                  className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
                >
                  Pay on delivery
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

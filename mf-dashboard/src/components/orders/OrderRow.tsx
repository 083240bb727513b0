import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { orderMovesFor, type Order, type OrderStatus } from '@bazar/contracts';
import { confirmDanger, formatTaka, serverMessage, showNotice } from '@bazar/web-kit';
import { formatOrderTime, ORDER_STATUS_LABEL, OrderStatusBadge } from '@bazar/web-kit/orders';
import { useSetOrderStatusMutation } from '../../api';

const actorLabel = { shopper: 'by the shopper', admin: 'by an admin', system: 'by the store (not confirmed in time)' } as const;

/** One order of the list: a line to scan, opening onto everything needed to fulfil it. */
export function OrderRow({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <li className="border-t border-stone-100 first:border-t-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => setOpen((was) => !was)}
        className="grid w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-3 text-left text-sm hover:bg-brand-50/50 sm:grid-cols-[9.5rem_1fr_7rem_9rem_1.25rem]"
      >
        <span className="text-stone-600">
          <time dateTime={order.placedAt}>{formatOrderTime(order.placedAt)}</time>
        </span>
        <span className="min-w-0 sm:order-none">
          <span className="block truncate font-medium text-stone-800">{order.name}</span>
          <span className="block truncate font-mono text-xs text-stone-500">{order._id}</span>
        </span>
        <span className="font-semibold text-stone-800 sm:text-right">{formatTaka(order.total)}</span>
        <span className="flex items-center justify-end gap-2 sm:justify-start">
          <OrderStatusBadge status={order.status} />
        </span>
        <ChevronDown aria-hidden className={`hidden size-5 text-stone-400 transition-transform sm:block ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && <OrderDetail id={detailId} order={order} />}
    </li>
  );
}

function OrderDetail({ id, order }: { id: string; order: Order }) {
  const [setStatus, moving] = useSetOrderStatusMutation();
  const moves = orderMovesFor('admin', order.status);
  const forward = moves.filter((status) => status !== 'cancelled');

  async function move(status: OrderStatus) {
    if (
      status === 'cancelled' &&
      !(await confirmDanger({
        title: 'Are you sure?',
        text: "You won't be able to revert this!",
        confirmText: 'Yes, cancel it!',
        cancelText: 'No, keep it',
      }))
    )
      return;
    const result = await setStatus({ id: order._id, status });
    // a refusal (someone else moved it first) says where it stands; the list is read again
    if (result.error) void showNotice({ tone: 'error', title: 'Oops...', text: serverMessage(result.error) ?? 'Something went wrong!' });
  }

  return (
    <div id={id} role="region" aria-label={`Order ${order._id}`} className="grid gap-5 bg-stone-50 px-3 py-4 text-sm md:grid-cols-2">
      <div>
        <h3 className="font-semibold text-stone-800">Items</h3>
        <table className="mt-2 w-full text-left">
          <thead className="text-xs text-stone-500">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Product
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.productId} className="border-t border-stone-200">
                <td className="py-1.5 pr-2">
                  {item.name}
                  <span className="block text-xs text-stone-500">{formatTaka(item.unitPrice)} each</span>
                </td>
                <td className="py-1.5 pl-2 text-right">{item.quantity}</td>
                <td className="py-1.5 pl-3 text-right whitespace-nowrap">{formatTaka(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 border-t border-stone-200 pt-2">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatTaka(order.subtotal)}</dd>
          <dt>VAT</dt>
          <dd className="text-right">{formatTaka(order.vat)}</dd>
          <dt>Delivery</dt>
          <dd className="text-right">{formatTaka(order.delivery)}</dd>
          <dt className="font-bold">Total</dt>
          <dd className="text-right font-bold">{formatTaka(order.total)}</dd>
        </dl>
      </div>
      <div className="grid content-start gap-4">
        <div>
          <h3 className="font-semibold text-stone-800">Deliver to</h3>
          <dl className="mt-2 grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-stone-500">Name</dt>
            <dd>{order.name}</dd>
            <dt className="text-stone-500">Phone</dt>
            <dd>{order.phone ? <a href={`tel:${order.phone}`}>{order.phone}</a> : '—'}</dd>
            <dt className="text-stone-500">Email</dt>
            <dd className="break-all">{order.email}</dd>
            <dt className="text-stone-500">Address</dt>
            <dd className="whitespace-pre-line">{order.addinfo || '—'}</dd>
          </dl>
        </div>
        <div>
          <h3 className="font-semibold text-stone-800">Status history</h3>
          <ol className="mt-2 space-y-1">
            {order.history.map((change) => (
              <li key={`${change.status}-${change.at}`}>
                <span className="font-medium">{ORDER_STATUS_LABEL[change.status]}</span>{' '}
                <time dateTime={change.at} className="text-stone-600">
                  {formatOrderTime(change.at)}
                </time>{' '}
                <span className="text-stone-500">{actorLabel[change.by]}</span>
              </li>
            ))}
          </ol>
        </div>
        {moves.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {forward.map((status) => (
              <button
                key={status}
                type="button"
                disabled={moving.isLoading}
                onClick={() => void move(status)}
                className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
              >
                Mark as {ORDER_STATUS_LABEL[status]}
              </button>
            ))}
            {moves.includes('cancelled') && (
              <button
                type="button"
                disabled={moving.isLoading}
                onClick={() => void move('cancelled')}
                className="rounded-full border border-red-600 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
              >
                Cancel order
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { orderMovesFor, type Order, type OrderStatus } from '@bazar/contracts';
import { confirmDanger, showNotice } from '@bazar/web-kit';
import { refusalText } from '@bazar/web-kit/refusals';
import { translate, useFormats } from '@bazar/web-kit/i18n';
import { OrderStatusBadge, useOrderMoveRefusal, useOrderStatusLabel } from '@bazar/web-kit/orders';
import { useProductText } from '@bazar/web-kit/product-text';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { useSetOrderStatusMutation } from '../../api';
import { useDashboardText } from '../../i18n';

/** One order of the list: a line to scan, opening onto everything needed to fulfil it. */
export function OrderRow({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const { formatTaka, formatTime } = useFormats();
  const { slotText } = useDeliveryWords();
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
          <time dateTime={order.placedAt}>{formatTime(order.placedAt)}</time>
          {order.slot && <span className="block text-xs font-medium text-brand-700">{slotText(order.slot)}</span>}
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
  const t = useDashboardText();
  const statusLabel = useOrderStatusLabel();
  const moveRefusal = useOrderMoveRefusal();
  const { formatTaka, formatNumber, formatTime } = useFormats();
  const { name } = useProductText();
  const { slotText, addressLines } = useDeliveryWords();

  async function move(status: OrderStatus) {
    if (
      status === 'cancelled' &&
      !(await confirmDanger({
        title: t('areYouSure'),
        text: t('cantRevert'),
        confirmText: t('yesCancel'),
        cancelText: t('keepIt'),
      }))
    )
      return;
    const result = await setStatus({ params: { id: order._id }, body: { status } });
    // a refusal (someone else moved it first) says where it stands; the list is read again
    if (result.error)
      void showNotice({
        tone: 'error',
        title: translate('common:oops'),
        text: moveRefusal(result.error, status) ?? refusalText(result.error) ?? translate('common:somethingWentWrong'),
      });
  }

  return (
    <div
      id={id}
      role="region"
      aria-label={t('order', { id: order._id })}
      className="grid gap-5 bg-stone-50 px-3 py-4 text-sm md:grid-cols-2"
    >
      <div>
        <h3 className="font-semibold text-stone-800">{t('items')}</h3>
        <table className="mt-2 w-full text-left">
          <thead className="text-xs text-stone-500">
            <tr>
              <th scope="col" className="py-1 font-medium">
                {t('product')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('qty')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('lineAmount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.productId} className="border-t border-stone-200">
                <td className="py-1.5 pr-2">
                  {name(item)}
                  <span className="block text-xs text-stone-500">{t('each', { price: formatTaka(item.unitPrice) })}</span>
                </td>
                <td className="py-1.5 pl-2 text-right">{formatNumber(item.quantity)}</td>
                <td className="py-1.5 pl-3 text-right whitespace-nowrap">{formatTaka(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 border-t border-stone-200 pt-2">
          <dt>{t('subtotal')}</dt>
          <dd className="text-right">{formatTaka(order.subtotal)}</dd>
          <dt>{t('vat')}</dt>
          <dd className="text-right">{formatTaka(order.vat)}</dd>
          <dt>{t('delivery')}</dt>
          <dd className="text-right">{formatTaka(order.delivery)}</dd>
          <dt className="font-bold">{t('total')}</dt>
          <dd className="text-right font-bold">{formatTaka(order.total)}</dd>
        </dl>
      </div>
      <div className="grid content-start gap-4">
        <div>
          <h3 className="font-semibold text-stone-800">{t('deliverTo')}</h3>
          <dl className="mt-2 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-stone-500">{t('name')}</dt>
            <dd>{order.name}</dd>
            <dt className="text-stone-500">{t('phone')}</dt>
            <dd>{order.phone ? <a href={`tel:${order.phone}`}>{order.phone}</a> : '—'}</dd>
            <dt className="text-stone-500">{t('email')}</dt>
            <dd className="break-all">{order.email}</dd>
            <dt className="text-stone-500">{t('address')}</dt>
            <dd>
              {order.address ? (
                <>
                  {order.address.label && <span className="block font-medium">{order.address.label}</span>}
                  {addressLines(order.address).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                  {order.address.landmark && <span className="block text-stone-600">{order.address.landmark}</span>}
                  <a href={`tel:${order.address.phone}`} className="block">
                    {order.address.phone}
                  </a>
                </>
              ) : (
                '—'
              )}
            </dd>
            <dt className="text-stone-500">{t('slots.deliverySlot')}</dt>
            <dd>{order.slot ? slotText(order.slot) : '—'}</dd>
            <dt className="text-stone-500">{t('slots.notes')}</dt>
            <dd className="whitespace-pre-line">{order.addinfo || '—'}</dd>
          </dl>
        </div>
        <div>
          <h3 className="font-semibold text-stone-800">{t('statusHistory')}</h3>
          <ol className="mt-2 space-y-1">
            {order.history.map((change) => (
              <li key={`${change.status}-${change.at}`}>
                <span className="font-medium">{statusLabel(change.status)}</span>{' '}
                <time dateTime={change.at} className="text-stone-600">
                  {formatTime(change.at)}
                </time>{' '}
                <span className="text-stone-500">{t(`actor.${change.by}`)}</span>
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
                {t('markAs', { status: statusLabel(status) })}
              </button>
            ))}
            {moves.includes('cancelled') && (
              <button
                type="button"
                disabled={moving.isLoading}
                onClick={() => void move('cancelled')}
                className="rounded-full border border-red-600 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
              >
                {t('cancelOrder')}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

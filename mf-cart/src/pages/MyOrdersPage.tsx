import { confirmDanger, showNotice, Spinner, LoadFailure } from '@bazar/web-kit';
import { Trans, translate, useFormats } from '@bazar/web-kit/i18n';
import { LiveBadge, OrderStatusBadge, useOrderStream } from '@bazar/web-kit/orders';
import { useProductText } from '@bazar/web-kit/product-text';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { mayMoveOrder, type Order, type OrderStatus } from '@bazar/contracts';
import '../styles.css';
import { takeMyOrderChange, useCancelOrderMutation, useConfirmOrderMutation, useGetMyOrdersQuery } from '../api';
import { AfterOrderActions } from '../components/AfterOrderActions';
import { DeliveryFacts } from '../components/DeliveryFacts';
import { OrderTimeline } from '../components/OrderTimeline';
import { ProductReviewButton } from '../components/ProductReviewButton';
import { useCartText } from '../i18n';
import { useRefusalText } from '../refusals';

export default function MyOrdersPage() {
  const { data: orders = [], isLoading, isError, refetch } = useGetMyOrdersQuery();
  const live = useOrderStream(takeMyOrderChange);
  const t = useCartText();
  // the words of slots and addresses load with the page's own: asked for only once the orders came,
  // they would send the page back to its spinner
  useDeliveryWords();

  if (isLoading) return <Spinner label={t('loadingOrders')} />;
  if (isError) {
    return <LoadFailure what={t('theOrders')} onRetry={() => void refetch()} />;
  }
  return (
    <section aria-labelledby="my-orders">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-orders" className="text-2xl font-bold text-stone-800">
          {t('myOrders')}
        </h2>
        <LiveBadge state={live} />
      </div>
      {orders.length === 0 && <p className="mt-4 text-stone-500">{t('noOrders')}</p>}
      <ul className="mt-4 space-y-4">
        {orders.map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </ul>
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const [confirm, confirming] = useConfirmOrderMutation();
  const [cancel, cancelling] = useCancelOrderMutation();
  const busy = confirming.isLoading || cancelling.isLoading;
  const t = useCartText();
  const refusalText = useRefusalText();
  const oops = (error: unknown, move: OrderStatus) =>
    showNotice({ tone: 'error', title: translate('common:oops'), text: refusalText(error, move) });
  const { formatTaka, formatNumber, formatTime } = useFormats();
  const { name } = useProductText();
  const mayConfirm = mayMoveOrder('shopper', order.status, 'confirmed');
  const mayCancel = mayMoveOrder('shopper', order.status, 'cancelled');

  async function payOnDelivery() {
    const result = await confirm(order._id);
    if (result.error) void oops(result.error, 'confirmed');
  }

  async function cancelOrder() {
    const confirmed = await confirmDanger({
      title: t('areYouSure'),
      text: t('cantRevert'),
      confirmText: t('yesCancel'),
      cancelText: t('keepIt'),
    });
    if (!confirmed) return;
    const result = await cancel(order._id);
    if (result.error) void oops(result.error, 'cancelled');
    else void showNotice({ tone: 'success', title: t('cancelledTitle'), text: t('orderCancelled'), autoCloseMs: 2000 });
  }

  return (
    <li aria-label={t('order', { id: order._id })} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-xs break-all text-stone-500">{t('order', { id: order._id })}</p>
          <p className="text-sm text-stone-500">
            <Trans
              t={t}
              i18nKey="placedAt"
              values={{ time: formatTime(order.placedAt) }}
              components={{ time: <time dateTime={order.placedAt} /> }}
            />
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <OrderTimeline order={order} />
      <DeliveryFacts order={order} />
      <ul aria-label={t('items')} className="mt-4 border-t border-stone-100 pt-3 text-sm text-stone-700">
        {order.items.map((item) => (
          <li key={item.productId} className="py-0.5">
            <div className="flex justify-between gap-4">
              <span>{t('itemQuantity', { name: name(item), quantity: formatNumber(item.quantity) })}</span>
              <span className="shrink-0">{formatTaka(item.lineTotal)}</span>
            </div>
            {/* a product received may be rated; the order service checks that it was */}
            {order.status === 'delivered' && <ProductReviewButton item={item} />}
          </li>
        ))}
      </ul>
      {order.status === 'placed' && order.holdUntil && (
        <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans
            t={t}
            i18nKey="confirmBy"
            values={{ time: formatTime(order.holdUntil) }}
            components={{ time: <time dateTime={order.holdUntil} /> }}
          />
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-3">
        <p className="font-bold text-stone-800">{t('orderTotal', { amount: formatTaka(order.total) })}</p>
        {(mayConfirm || mayCancel) && (
          <div className="flex flex-wrap gap-2">
            {mayCancel && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void cancelOrder()}
                className="rounded-full border border-red-600 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
              >
                {t('cancelOrder')}
              </button>
            )}
            {mayConfirm && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void payOnDelivery()}
                className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
              >
                {t('payOnDelivery')}
              </button>
            )}
          </div>
        )}
      </div>
      <AfterOrderActions order={order} />
    </li>
  );
}

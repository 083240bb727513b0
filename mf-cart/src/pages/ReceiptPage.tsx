import { LoadFailure, showNotice, Spinner } from '@bazar/web-kit';
import { translate, useFormats, useLanguage } from '@bazar/web-kit/i18n';
import { OrderStatusBadge } from '@bazar/web-kit/orders';
import { useProductText } from '@bazar/web-kit/product-text';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { Link, useLocation } from '@bazar/web-kit/routing';
import type { Order } from '@bazar/contracts';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import '../styles.css';
import '../receipt.css';
import { downloadReceipt, useGetOrderQuery } from '../after-order-api';
import { BuyAgainButton } from '../components/AfterOrderActions';
import { DeliveryFacts } from '../components/DeliveryFacts';
import { useCartText } from '../i18n';
import { useRefusalText } from '../refusals';

const ORDER_ID = /^[0-9a-f]{24}$/i;

/** An order's receipt (issue 54): the order's facts, lines and amounts as the order service computed
 *  them, to print (receipt.css keeps only the receipt on paper) or to keep as the PDF the order
 *  service writes in the page's language. */
export default function ReceiptPage() {
  const t = useCartText();
  // the words of slots and addresses load with the page's own: asked for only once the order came,
  // they would send the page back to its spinner
  useDeliveryWords();
  const id = useLocation().pathname.split('/').at(-1) ?? '';
  const known = ORDER_ID.test(id);
  const { data: order, isLoading, isError, error, refetch } = useGetOrderQuery(id, { skip: !known });
  const missing = !known || (isError && (error as { status?: unknown }).status === 404);

  if (isLoading) return <Spinner label={t('receipt.loading')} />;
  if (missing) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10 text-center">
        <h1 className="text-2xl font-bold text-stone-800">{t('receipt.notFound')}</h1>
        <Link to="/dashboard/my-orders" className="mt-4 inline-block font-semibold text-brand-700 underline">
          {t('goToMyOrders')}
        </Link>
      </section>
    );
  }
  if (isError || !order) return <LoadFailure what={t('receipt.theReceipt')} onRetry={() => void refetch()} />;
  return <Receipt order={order} />;
}

function Receipt({ order }: { order: Order }) {
  const t = useCartText();
  const language = useLanguage();
  const refusalText = useRefusalText();
  const { formatTaka, formatNumber, formatTime } = useFormats();
  const { name } = useProductText();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadReceipt(order._id, language);
    } catch (err) {
      void showNotice({ tone: 'error', title: translate('common:oops'), text: refusalText(err) });
    } finally {
      setDownloading(false);
    }
  }

  // in the order the cart and checkout show them (OrderSummary): the receipt repeats what was agreed
  const amounts: [string, number][] = [
    [t('subtotal'), order.subtotal],
    [t('receipt.delivery'), order.delivery],
    [t('vat'), order.vat],
  ];
  return (
    <section aria-labelledby="receipt-title" className="mx-auto max-w-3xl px-3 py-6 sm:px-6">
      <div className="receipt-actions mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link to="/dashboard/my-orders" className="text-sm font-semibold text-brand-700 underline">
          {t('receipt.backToOrders')}
        </Link>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50"
          >
            <Printer aria-hidden className="size-4" />
            {t('receipt.print')}
          </button>
          <button
            type="button"
            disabled={downloading}
            onClick={() => void download()}
            className="inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
          >
            <Download aria-hidden className="size-4" />
            {t('receipt.downloadPdf')}
          </button>
        </div>
      </div>

      <article className="receipt-sheet rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-8">
        <header className="flex items-baseline justify-between gap-3 border-b border-stone-200 pb-3">
          <p className="text-2xl font-extrabold text-brand-600">{t('receipt.store')}</p>
          <h1 id="receipt-title" className="text-xl font-bold text-stone-800">
            {t('receipt.title')}
          </h1>
        </header>

        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-500">{t('receipt.order')}</dt>
          <dd className="font-mono break-all text-stone-800">{order._id}</dd>
          <dt className="text-stone-500">{t('receipt.placed')}</dt>
          <dd className="text-stone-800">
            <time dateTime={order.placedAt}>{formatTime(order.placedAt)}</time>
          </dd>
          <dt className="text-stone-500">{t('receipt.status')}</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
          <dt className="text-stone-500">{t('receipt.customer')}</dt>
          <dd className="break-words text-stone-800">{[order.name, order.phone].filter(Boolean).join(', ')}</dd>
        </dl>
        <DeliveryFacts order={order} />
        {order.addinfo && <p className="mt-2 text-sm break-words text-stone-600">{t('receipt.note', { note: order.addinfo })}</p>}

        <table className="mt-5 w-full text-sm">
          <caption className="sr-only">{t('items')}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-500">
              <th scope="col" className="py-2 pr-2 font-semibold">
                {t('receipt.item')}
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-semibold">
                {t('receipt.quantity')}
              </th>
              <th scope="col" className="hidden py-2 pr-2 text-right font-semibold sm:table-cell">
                {t('receipt.unitPrice')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('receipt.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.productId} className="border-b border-stone-100 align-top">
                <td className="py-2 pr-2 break-words text-stone-800">{name(item)}</td>
                <td className="py-2 pr-2 text-right text-stone-700">{formatNumber(item.quantity)}</td>
                <td className="hidden py-2 pr-2 text-right whitespace-nowrap text-stone-700 sm:table-cell">{formatTaka(item.unitPrice)}</td>
                <td className="py-2 text-right whitespace-nowrap text-stone-800">{formatTaka(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          {amounts.map(([label, amount]) => (
            <div key={label} className="contents">
              <dt className="text-right text-stone-500">{label}</dt>
              <dd className="text-right whitespace-nowrap text-stone-700">{formatTaka(amount)}</dd>
            </div>
          ))}
          <dt className="border-t border-stone-200 pt-1 text-right font-bold text-stone-800">{t('total')}</dt>
          <dd className="border-t border-stone-200 pt-1 text-right font-bold whitespace-nowrap text-stone-800" data-testid="receipt-total">
            {formatTaka(order.total)}
          </dd>
        </dl>

        <p className="mt-6 text-sm text-stone-700">{t('receipt.payment')}</p>
        <p className="mt-1 text-sm text-stone-500">{t('receipt.thanks')}</p>
      </article>

      <div className="receipt-actions mt-4 flex justify-end">
        <BuyAgainButton order={order} />
      </div>
    </section>
  );
}

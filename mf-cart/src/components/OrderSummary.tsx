import { useFormats } from '@bazar/web-kit/i18n';
import type { OrderTotals } from '@bazar/contracts';
import { useCartText } from '../i18n';

/** The cart page names the delivery 'Delivery Fee', checkout 'Delivery' (as the spec's pages do). */
export function OrderSummary({ totals, delivery = 'deliveryFee' }: { totals: OrderTotals; delivery?: 'deliveryFee' | 'checkoutDelivery' }) {
  const t = useCartText();
  const { formatTaka } = useFormats();
  const rows = [
    [t('subtotal'), totals.subtotal],
    [t(delivery), totals.delivery],
    [t('vat'), totals.vat],
  ] as const;
  return (
    <dl className="space-y-3 text-stone-600">
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between">
          <dt>{label}</dt>
          <dd className="font-medium text-stone-800">{formatTaka(amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-stone-200 pt-3 text-lg font-bold text-stone-800">
        <dt>{t('total')}</dt>
        <dd className="text-brand-700">{formatTaka(totals.total)}</dd>
      </div>
    </dl>
  );
}

import { formatTaka } from '@bazar/web-kit';
import type { OrderTotals } from '@bazar/contracts';

export function OrderSummary({ totals, deliveryLabel = 'Delivery Fee' }: { totals: OrderTotals; deliveryLabel?: string }) {
  const rows = [
    ['Subtotal', totals.subtotal],
    [deliveryLabel, totals.delivery],
    ['VAT', totals.vat],
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
        <dt>Total</dt>
        <dd className="text-brand-700">{formatTaka(totals.total)}</dd>
      </div>
    </dl>
  );
}

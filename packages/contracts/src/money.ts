// Money is held as integer paisa (1 ৳ = 100 paisa) wherever it is computed or stored, so sums and
// VAT never drift by floating-point error. The API speaks taka, as the spec's clients expect.

export const PAISA_PER_TAKA = 100;
export const DELIVERY_FEE_PAISA = 70 * PAISA_PER_TAKA;
/** VAT as a percentage of the subtotal. */
export const VAT_PERCENT = 5;

export function takaToPaisa(taka: number): number {
  if (!Number.isFinite(taka)) throw new RangeError(`Not an amount of taka: ${taka}`);
  return Math.round(taka * PAISA_PER_TAKA);
}

export function paisaToTaka(paisa: number): number {
  if (!Number.isSafeInteger(paisa)) throw new RangeError(`Not a whole number of paisa: ${paisa}`);
  return paisa / PAISA_PER_TAKA;
}

/** VAT on a subtotal, rounded half up to the paisa (the spec's "rounded to 2 decimals" of taka). */
export function vatOf(subtotalPaisa: number): number {
  // subtotal * 5 is an exact integer, and dividing it by 100 lands exactly on any .5 case,
  // so Math.round rounds half up without floating-point surprises.
  return Math.round((subtotalPaisa * VAT_PERCENT) / 100);
}

export interface PricedQuantity {
  unitPricePaisa: number;
  quantity: number;
}

export interface OrderTotals {
  subtotal: number;
  vat: number;
  delivery: number;
  total: number;
}

/** Subtotal, VAT, delivery and total of a basket, all in paisa. Delivery is charged even on an
 *  empty basket, as the spec's cart page does. */
export function orderTotals(lines: readonly PricedQuantity[]): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPricePaisa * line.quantity, 0);
  const vat = vatOf(subtotal);
  return { subtotal, vat, delivery: DELIVERY_FEE_PAISA, total: subtotal + vat + DELIVERY_FEE_PAISA };
}

export function totalsInTaka(totals: OrderTotals): OrderTotals {
  return {
    subtotal: paisaToTaka(totals.subtotal),
    vat: paisaToTaka(totals.vat),
    delivery: paisaToTaka(totals.delivery),
    total: paisaToTaka(totals.total),
  };
}

/** Totals of cart lines as the API returns them (prices in taka), computed in paisa. */
export function cartTotals(lines: readonly { cartPrice: number; cartQuantity: number }[]): OrderTotals {
  return totalsInTaka(orderTotals(lines.map((l) => ({ unitPricePaisa: takaToPaisa(l.cartPrice), quantity: l.cartQuantity }))));
}

const takaFormat = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', currencyDisplay: 'narrowSymbol' });

/** "৳1,250.50" style display of an amount in taka. */
export function formatTaka(taka: number): string {
  return takaFormat.format(taka);
}

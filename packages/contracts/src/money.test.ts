import { cartTotals, formatTaka, orderTotals, paisaToTaka, takaToPaisa, vatOf } from './money';

describe('paisa and taka', () => {
  it('converts both ways without float drift', () => {
    expect(takaToPaisa(0.1 + 0.2)).toBe(30);
    expect(takaToPaisa(1234.56)).toBe(123456);
    expect(takaToPaisa(19.99)).toBe(1999);
    expect(paisaToTaka(123456)).toBe(1234.56);
  });

  it('refuses what is not an amount', () => {
    expect(() => takaToPaisa(Number.NaN)).toThrow(RangeError);
    expect(() => paisaToTaka(1.5)).toThrow(RangeError);
  });
});

describe('VAT', () => {
  it('is 5% of the subtotal rounded half up to the paisa', () => {
    expect(vatOf(10_000)).toBe(500);
    expect(vatOf(10)).toBe(1); // 0.5 paisa rounds up
    expect(vatOf(9)).toBe(0); // 0.45 paisa rounds down
    expect(vatOf(1_030)).toBe(52); // 51.5 rounds up
    expect(vatOf(0)).toBe(0);
  });
});

describe('order totals', () => {
  it('adds VAT and the 70 taka delivery fee to the subtotal, in paisa', () => {
    const totals = orderTotals([
      { unitPricePaisa: 8_500, quantity: 2 },
      { unitPricePaisa: 19_999, quantity: 3 },
    ]);
    expect(totals).toEqual({ subtotal: 76_997, vat: 3_850, delivery: 7_000, total: 87_847 });
  });

  it('charges delivery on an empty basket, as the cart page does', () => {
    expect(orderTotals([])).toEqual({ subtotal: 0, vat: 0, delivery: 7_000, total: 7_000 });
  });

  it('sums many awkward lines exactly', () => {
    const lines = Array.from({ length: 100 }, () => ({ cartPrice: 0.1, cartQuantity: 3 }));
    expect(cartTotals(lines)).toEqual({ subtotal: 30, vat: 1.5, delivery: 70, total: 101.5 });
  });

  it('answers cart totals in taka from taka prices', () => {
    expect(cartTotals([{ cartPrice: 20.1, cartQuantity: 1 }])).toEqual({ subtotal: 20.1, vat: 1.01, delivery: 70, total: 91.11 });
  });
});

describe('formatTaka', () => {
  it('shows the taka sign and two decimals', () => {
    expect(formatTaka(1250.5)).toBe('৳1,250.50');
  });
});

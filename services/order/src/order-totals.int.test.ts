// Totals computed by the order service from awkward prices: VAT landing on half a paisa (rounded
// up), just below half (rounded down), and many lines whose float sum would drift; each order's
// totals equal what cartTotals (the cart page's computation) gives for the same cart lines.
import { PlaceOrderAnswer, cartTotals, type CartLine } from '@bazar/contracts';
import { shopper, TestShelf, type Shopper } from '@bazar/testing/shop';
import { eventually, stackEnv } from '@bazar/testing';

const shelf = new TestShelf();

afterAll(() => shelf.clear());

/** Places the shopper's cart; answers the order and the cart lines it was placed from. */
async function placeCart(me: Shopper) {
  const lines: CartLine[] = await me.cart();
  const placed = await me.placeOrder();
  expect(placed.status).toBe(201);
  const { order } = PlaceOrderAnswer.parse(placed.body);
  await eventually(async () => expect(await me.cart()).toEqual([]));
  return { order, lines };
}

it.each([
  // 20.10 ৳: VAT 1.005 ৳ rounds up to 1.01
  ['half a paisa', 20.1, 1, { subtotal: 20.1, vat: 1.01, delivery: 70, total: 91.11 }],
  // 20.09 ৳: VAT 1.0045 ৳ rounds down to 1.00
  ['just below half', 20.09, 1, { subtotal: 20.09, vat: 1, delivery: 70, total: 91.09 }],
  // 0.10 ৳ × 3: subtotal 0.30, VAT 0.015 rounds up to 0.02
  ['tiny prices', 0.1, 3, { subtotal: 0.3, vat: 0.02, delivery: 70, total: 70.32 }],
])('rounds VAT on %s as the cart page does', async (_case, price, quantity, expected) => {
  const me = shopper('vat');
  expect((await me.addToCart(await shelf.stock('Odd Price', price, 10), quantity)).status).toBe(201);
  const { order, lines } = await placeCart(me);
  expect({ subtotal: order.subtotal, vat: order.vat, delivery: order.delivery, total: order.total }).toEqual(expected);
  expect(cartTotals(lines)).toEqual(expected);
});

it('sums many lines exactly', async () => {
  const me = shopper('many');
  // 30 lines of 10.01 ৳: 300.30 ৳ (a float sum gives 300.29999…), VAT 15.015 ৳ rounds up to 15.02
  const products = await Promise.all(Array.from({ length: 30 }, (_, i) => shelf.stock(`Line ${i}`, 10.01, 5)));
  for (const id of products) expect((await me.addToCart(id, 1)).status).toBe(201);
  const { order, lines } = await placeCart(me);
  const expected = { subtotal: 300.3, vat: 15.02, delivery: 70, total: 385.32 };
  expect(order.items).toHaveLength(30);
  expect(order.items.every((item) => item.unitPrice === 10.01 && item.lineTotal === 10.01)).toBe(true);
  expect({ subtotal: order.subtotal, vat: order.vat, delivery: order.delivery, total: order.total }).toEqual(expected);
  expect(cartTotals(lines)).toEqual(expected);
});

it('prices a line set with the cart page’s quantity control at its new quantity', async () => {
  const me = shopper('quantity');
  const added = await me.addToCart(await shelf.stock('Quantity Tea', 33.33, 10), 1);
  const lineId = (added.body as CartLine)._id;
  expect(await me.call(`${stackEnv.cartUrl}/cartquantity/${lineId}`, { method: 'PUT', body: { cartQuantity: 3 } })).toMatchObject({
    status: 200,
    body: { cartQuantity: 3 },
  });
  const { order, lines } = await placeCart(me);
  // 99.99 ৳, VAT 4.9995 ৳ rounds to 5.00
  const expected = { subtotal: 99.99, vat: 5, delivery: 70, total: 174.99 };
  expect(order.items.map((item) => item.quantity)).toEqual([3]);
  expect({ subtotal: order.subtotal, vat: order.vat, delivery: order.delivery, total: order.total }).toEqual(expected);
  expect(cartTotals(lines)).toEqual(expected);
});

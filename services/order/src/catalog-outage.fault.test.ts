// Place Order pressed while the catalog is away: the shopper is told to try again (503) and keeps
// the cart, and nothing is held. Pressed again once the catalog is back, the order is placed, once,
// with its units taken once, whether the page sends the same Idempotency-Key (the checkout keeps its
// key after a refusal) or a new one (the page was reloaded). Before, the attempt given up still
// claimed the cart until the sweep could undo it: the same key was answered 'still being placed'
// and a new one 'This cart has just been ordered', for an order that never was.
import { PlaceOrderAnswer } from '@bazar/contracts';
import { eventually, stackControl, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { shopper, TestShelf } from '@bazar/testing/shop';

jest.setTimeout(180_000);

const shelf = new TestShelf();
const orders = mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'order' });

afterAll(async () => {
  await shelf.clear();
  await orders.close();
});

it('places the order pressed again once the catalog is back, with the same key or a new one, and leaves nothing of the attempt given up', async () => {
  const [lentils, oil] = await Promise.all([shelf.stock('Outage Lentils', 140, 10), shelf.stock('Outage Oil', 190, 10)]);
  const sameKey = shopper('catalog-away-same-key');
  const newKey = shopper('catalog-away-new-key');
  expect((await sameKey.addToCart(lentils, 2)).status).toBe(201);
  expect((await newKey.addToCart(oil, 1)).status).toBe(201);
  const key = `catalog-away-${sameKey.id}`;

  await stackControl.stop('catalog');
  try {
    for (const [buyer, orderKey] of [
      [sameKey, key],
      [newKey, `catalog-away-first-${newKey.id}`],
    ] as const) {
      const refused = await buyer.placeOrder(orderKey);
      expect(refused).toEqual({ status: 503, body: { error: expect.stringMatching(/catalog/), code: 'service-away' } });
    }
    expect(await sameKey.pieces()).toEqual([[lentils, 2]]);
    expect(await newKey.pieces()).toEqual([[oil, 1]]);
  } finally {
    await stackControl.start('catalog');
  }
  await eventually(async () => expect((await fetch(`${stackEnv.catalogUrl}/ready`)).status).toBe(200), 60_000);
  expect([await shelf.stockOf(lentils), await shelf.stockOf(oil)]).toEqual([10, 10]);

  const again = await sameKey.placeOrder(key);
  expect(again.status).toBe(201);
  const reloaded = await newKey.placeOrder(`catalog-away-again-${newKey.id}`);
  expect(reloaded.status).toBe(201);
  expect(PlaceOrderAnswer.parse(again.body).order.items.map((item) => [item.productId, item.quantity])).toEqual([[lentils, 2]]);
  expect(PlaceOrderAnswer.parse(reloaded.body).order.items.map((item) => [item.productId, item.quantity])).toEqual([[oil, 1]]);
  expect([await sameKey.cart(), await newKey.cart()]).toEqual([[], []]);
  expect((await sameKey.myOrders()).map((order) => order.status)).toEqual(['placed']);
  expect((await newKey.myOrders()).map((order) => order.status)).toEqual(['placed']);

  // the attempt given up with the first key is undone by the sweep, now that the catalog answers:
  // no order of theirs is left placing, and each product's stock fell once
  await eventually(
    async () =>
      expect(await orders.collection('orders').countDocuments({ userId: { $in: [sameKey.id, newKey.id] }, status: 'placing' })).toBe(0),
    30_000,
  );
  expect([await shelf.stockOf(lentils), await shelf.stockOf(oil)]).toEqual([8, 9]);
});

// Undoing a placement touches that attempt only (place-order.ts `undoPlacing`). The shopper's repeat
// of Place Order with the same Idempotency-Key begins the order again under the same id once its
// withdrawn attempt is undone; a sweep that read the withdrawn attempt before, and acts on what it
// read only now, must leave the new attempt, its place among the shopper's unconfirmed orders and its
// name in their list alone. Against the stack's catalog (which releases the old reservation), on a
// database of its own; the orders are written here by hand, as placing leaves them.
import { randomUUID } from 'node:crypto';
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { Order, type OrderDocument } from './model/order';
import { Neighbours } from './neighbours';
import type { OrderDesk } from './order-desk';
import { settledOrder, settlePlacing } from './place-order';
import { ShopperOrders } from './shopper-orders';
import { UnconfirmedOrders } from './unconfirmed-orders';

const DB = 'undo_placing_test';
const log = createLogger('undo-placing-test', 'silent');
// the catalog's release is an internal route: called as the order service, with its service token
process.env.BAZAR_SERVICE_SIGNING_KEY ??= stackEnv.serviceSigningKey;
// what undoing a placement works with
const desk = {
  neighbours: new Neighbours({ cart: stackEnv.cartUrl, catalog: stackEnv.catalogUrl }),
  unconfirmed: new UnconfirmedOrders(3),
  shopperOrders: new ShopperOrders(log),
  log,
} as Partial<OrderDesk> as OrderDesk;

beforeAll(async () => {
  await connectMongo(stackEnv.mongoUrl, DB, log);
  await mongoose.connection.dropDatabase();
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

/** A shopper and one attempt at their order `orderId`, `placing` under a reservation of its own,
 *  with its place claimed, and its name listed too, as placing wrote them before an order was named
 *  only once it moved on: undoing takes out both. */
async function attemptAt(userId: string, orderId: mongoose.Types.ObjectId, more: Record<string, unknown> = {}): Promise<OrderDocument> {
  await desk.unconfirmed.claim(userId, orderId.toString());
  await desk.shopperOrders.add(userId, orderId.toString());
  const reservationId = new mongoose.Types.ObjectId().toString();
  await Order.create({
    _id: orderId,
    userId,
    email: `${userId}@bazar.test`,
    name: 'Undo Test',
    items: [{ productId: new mongoose.Types.ObjectId().toString(), name: 'Undo Tea', unitPricePaisa: 12_000, quantity: 1 }],
    subtotalPaisa: 12_000,
    vatPaisa: 600,
    deliveryPaisa: 7_000,
    totalPaisa: 19_600,
    status: 'placing',
    reservationId,
    cartState: `${userId}@bazar.test ${reservationId}`,
    ...more,
  });
  return (await Order.findById(orderId).lean<OrderDocument>())!;
}

const openOf = async (userId: string) =>
  (await mongoose.connection.collection<{ _id: string; open?: string[] }>('holds').findOne({ _id: userId }))?.open;
const namedOf = async (userId: string) =>
  (await mongoose.connection.collection<{ _id: string; orders?: string[] }>('shopper_orders').findOne({ _id: userId }))?.orders;

it('undoes a withdrawn attempt: the order goes, and so do its place and its name', async () => {
  const userId = `undo-${randomUUID()}`;
  const orderId = new mongoose.Types.ObjectId();
  const withdrawn = await attemptAt(userId, orderId, { withdrawn: true });

  expect(await settlePlacing(desk, withdrawn)).toBeUndefined();
  expect(await Order.exists({ _id: orderId })).toBeNull();
  expect(await openOf(userId)).toEqual([]);
  expect(await namedOf(userId)).toEqual([]);
});

it('leaves the attempt begun again under the same id alone, when a sweep acts late on the withdrawn one it read', async () => {
  const userId = `undo-${randomUUID()}`;
  const orderId = new mongoose.Types.ObjectId();
  // what the sweep read: the first attempt, withdrawn while the catalog was away
  const readBySweep = await attemptAt(userId, orderId, { withdrawn: true });
  // meanwhile the repeat undid it and began the order again
  expect(await settlePlacing(desk, readBySweep)).toBeUndefined();
  const again = await attemptAt(userId, orderId);

  // the sweep acts on what it read
  expect(await settlePlacing(desk, readBySweep)).toBeUndefined();
  const now = await Order.findById(orderId).lean<OrderDocument>();
  expect(now).toMatchObject({ status: 'placing', reservationId: again.reservationId, cartState: again.cartState });
  expect(now?.withdrawn).toBeUndefined();
  expect(await openOf(userId)).toEqual([orderId.toString()]);
  expect(await namedOf(userId)).toEqual([orderId.toString()]);
});

// The replicas fault test (CI): a shopper's request died with its order replica; the repeats with the
// same key waited for that attempt, and the one that saw the sweep undo it was refused as if the cart
// had been ordered, though no order was. The wait now says the attempt was undone: the repeat begins
// the order again.
it('tells a repeat waiting for an attempt that the attempt was undone meanwhile, not that there was none', async () => {
  const userId = `undo-${randomUUID()}`;
  const orderId = new mongoose.Types.ObjectId();
  const placing = await attemptAt(userId, orderId);
  const waited = settledOrder(orderId, userId);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await settlePlacing(desk, { ...placing, withdrawn: true })).toBeUndefined();
  expect(await waited).toBe('undone');
  // an id never placed is no attempt at all
  expect(await settledOrder(new mongoose.Types.ObjectId(), userId)).toBeUndefined();
});

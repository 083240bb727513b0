// The places a shopper's unconfirmed orders hold (unconfirmed-orders.ts), against the stack's database: a
// full list makes room only for orders that moved on, never for one whose place was claimed and
// whose order is still being written; those that moved on are named in their shoppers' lists of
// orders before their places go. Orders are written here by hand, as placing and moving them leave
// them.
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { UnconfirmedOrders } from './unconfirmed-orders';

const DB = 'unconfirmed_orders_test';
const LIMIT = 3;
const unconfirmed = new UnconfirmedOrders(LIMIT);
let shopper = 0;

// the kit's connections, as the service has them: the list's writes on one, the orders read on the other
beforeAll(async () => {
  await connectMongo(stackEnv.mongoUrl, DB, createLogger('unconfirmed-orders-test', 'silent'));
  await mongoose.connection.dropDatabase();
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

/** An order as it stands in the store, in `status`. */
async function orderIn(status: string): Promise<string> {
  const _id = new mongoose.Types.ObjectId();
  await mongoose.connection.collection('orders').insertOne({ _id, status });
  return _id.toString();
}
/** An order whose place is claimed and which is not written yet (its request is between the two). */
const beingWritten = () => new mongoose.Types.ObjectId().toString();

const openOf = async (userId: string) =>
  (await mongoose.connection.collection<{ _id: string; open?: string[] }>('holds').findOne({ _id: userId }))?.open;

/** A shopper whose list holds `orders`, claimed one after another. */
async function holding(orders: string[]): Promise<string> {
  const userId = `holds-shopper-${++shopper}`;
  for (const orderId of orders) expect(await unconfirmed.claim(userId, orderId)).toBe(true);
  return userId;
}

it('refuses a place beyond the limit while every listed order holds units, one being written included', async () => {
  const open = [await orderIn('placed'), await orderIn('placing'), beingWritten()];
  const userId = await holding(open);
  expect(await unconfirmed.claim(userId, beingWritten())).toBe(false);
  expect(await openOf(userId)).toEqual(open);
});

it('makes room in a full list by the places of orders that moved on', async () => {
  const [placed, confirmed, cancelled] = [await orderIn('placed'), await orderIn('confirmed'), await orderIn('cancelled')];
  const userId = await holding([placed, confirmed, cancelled]);
  const next = beingWritten();
  expect(await unconfirmed.claim(userId, next)).toBe(true);
  expect(await openOf(userId)).toEqual([placed, next]);
});

it('answers a repeated claim of a listed order as claimed, the list full or not', async () => {
  const open = [await orderIn('placed'), await orderIn('placed'), beingWritten()];
  const userId = await holding(open);
  expect(await unconfirmed.claim(userId, open[2]!)).toBe(true);
  expect(await unconfirmed.claim(userId, open[0]!)).toBe(true);
  expect(await openOf(userId)).toEqual(open);
});

const namedOf = async (userId: string) =>
  (await mongoose.connection.collection<{ _id: string; orders?: string[] }>('shopper_orders').findOne({ _id: userId }))?.orders;

it('names the orders that moved on in their shoppers’ lists before freeing their places, once each', async () => {
  const [placed, confirmed, cancelled] = [await orderIn('placed'), await orderIn('confirmed'), await orderIn('cancelled')];
  const first = await holding([placed, confirmed]);
  const second = await holding([cancelled]);
  await unconfirmed.releaseSettled([
    { userId: first, orderId: confirmed },
    { userId: second, orderId: cancelled },
  ]);
  expect([await openOf(first), await openOf(second)]).toEqual([[placed], []]);
  expect([await namedOf(first), await namedOf(second)]).toEqual([[confirmed], [cancelled]]);

  // a pass that stopped between naming and freeing left one named and still holding its place: the
  // next names the others and not that one again
  const [delivered, alsoConfirmed] = [await orderIn('delivered'), await orderIn('confirmed')];
  const third = await holding([delivered, alsoConfirmed]);
  await mongoose.connection.collection<{ _id: string; orders: string[] }>('shopper_orders').insertOne({ _id: third, orders: [delivered] });
  await unconfirmed.releaseSettled([
    { userId: third, orderId: delivered },
    { userId: third, orderId: alsoConfirmed },
    { userId: first, orderId: confirmed },
  ]);
  expect(await namedOf(third)).toEqual([delivered, alsoConfirmed]);
  expect(await namedOf(first)).toEqual([confirmed]);
  expect([await openOf(third), await openOf(first)]).toEqual([[], [placed]]);
});

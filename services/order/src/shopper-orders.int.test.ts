// My Orders reads the shopper's own list of order ids and their places among the unconfirmed orders
// (shopper-orders.ts), not every order of the store. An order service of its own, on a database of
// its own (the stack's catalog, cart and broker): its orders are shown as they are placed and named
// in the list once they move on, an order written before the lists existed is named by the next
// replica to start, one refused is taken out, and a list naming another shopper's order shows
// nothing of it.
import { PlaceOrderAnswer } from '@bazar/contracts';
import { eventually, stackEnv } from '@bazar/testing';
import { shopper, TestShelf } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { startOrderReplica, type OrderReplica } from '../test/replica';

const DB = 'shopper_orders_test';
// sweeps often: the sweep names the orders that moved on
const settings = { MONGO_DB: DB, ORDER_SWEEP_INTERVAL_MS: '200' };
const shelf = new TestShelf();
let db: mongoose.Connection;
let service: OrderReplica;
let tea: string;

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  await db.dropDatabase();
  tea = await shelf.stock('Shopper List Tea', 120, 100);
  service = await startOrderReplica(4018, settings);
});
afterAll(async () => {
  await service?.stop();
  await db?.dropDatabase();
  await db?.close();
  await shelf.clear();
});

async function placeOne(buyer: ReturnType<typeof shopper>) {
  expect((await buyer.addToCart(tea, 1)).status).toBe(201);
  const answer = await buyer.placeOrder();
  expect(answer.status).toBe(201);
  return PlaceOrderAnswer.parse(answer.body).order._id;
}

it('lists the shopper’s orders newest first, those written before the lists too, and never another’s', async () => {
  const buyer = shopper('listed', { orderUrl: service.url });
  const first = await placeOne(buyer);
  const second = await placeOne(buyer);
  expect((await buyer.myOrders()).map((order) => order._id)).toEqual([second, first]);
  const listOf = async (userId: string) =>
    (await db.collection<{ _id: string; orders: string[] }>('shopper_orders').findOne({ _id: userId }))?.orders;
  // unconfirmed, they are shown by their places; named once they move on, their places freed
  expect(await listOf(buyer.id)).toBeUndefined();
  for (const orderId of [first, second]) expect((await buyer.confirm(orderId)).status).toBe(200);
  await eventually(async () => expect(await listOf(buyer.id)).toEqual([first, second]), 10_000);
  await eventually(async () => expect(await db.collection<{ _id: string }>('holds').findOne({ _id: buyer.id })).toBeNull(), 10_000);
  expect((await buyer.myOrders()).map((order) => `${order._id} ${order.status}`)).toEqual([`${second} confirmed`, `${first} confirmed`]);

  // an order of theirs written before the lists were kept (as an older store has them): its list is
  // gone too, and the next replica to start names both again
  const older = new mongoose.Types.ObjectId();
  const stored = await db.collection('orders').findOne({ _id: new mongoose.Types.ObjectId(first) });
  const placedAt = new Date(Date.now() - 60 * 60_000);
  await db.collection('orders').insertOne({
    ...stored,
    _id: older,
    cartState: `older ${older.toString()}`,
    reservationId: new mongoose.Types.ObjectId().toString(),
    createdAt: placedAt,
    updatedAt: placedAt,
  });
  await db.collection<{ _id: string }>('shopper_orders').deleteOne({ _id: buyer.id });
  await service.stop();
  service = await startOrderReplica(4018, settings);
  const stranger = shopper('stranger', { orderUrl: service.url });
  await eventually(
    async () => expect((await buyer.myOrders()).map((order) => order._id)).toEqual([second, first, older.toString()]),
    15_000,
  );
  expect(await listOf(buyer.id)).toEqual([older.toString(), first, second]);

  // a list that names another shopper's order (it cannot be written so; here by hand) shows none of it
  await db.collection<{ _id: string; orders: string[] }>('shopper_orders').insertOne({ _id: stranger.id, orders: [first] });
  expect(await stranger.myOrders()).toEqual([]);
});

it('takes out the name of an order refused for want of stock', async () => {
  const lastJar = await shelf.stock('Shopper List Last Jar', 300, 1);
  const [quick, late] = [shopper('quick', { orderUrl: service.url }), shopper('late', { orderUrl: service.url })];
  for (const buyer of [quick, late]) expect((await buyer.addToCart(lastJar, 1)).status).toBe(201);
  expect((await quick.placeOrder()).status).toBe(201);
  expect((await late.placeOrder()).status).toBe(409);
  const lists = db.collection<{ _id: string; orders?: string[] }>('shopper_orders');
  expect((await lists.findOne({ _id: late.id }))?.orders ?? []).toEqual([]);
  expect(await late.myOrders()).toEqual([]);
});

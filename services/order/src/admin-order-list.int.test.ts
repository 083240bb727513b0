// The admin's list and summary are queries of the orders (admin-order-list.ts). An order service of
// its own, on a database of its own (the stack's catalog, cart and broker), so that every figure can
// be checked exactly: they follow placing, confirming, cancelling and a hold expiring, an order moved
// or removed behind the service's back at once, orders of earlier days, pages of orders placed at the
// same moment, and a search finds what it always has, in orders placed before their search text was
// kept too.
import { randomBytes } from 'node:crypto';
import { OrderPage, OrderSummary, PlaceOrderAnswer, type Order, type OrderStatus } from '@bazar/contracts';
import { eventually, stackEnv } from '@bazar/testing';
import { adminIdentity, shopper, TestShelf } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { startOrderReplica, type OrderReplica } from '../test/replica';
import type { OrderDocument } from './model/order';
import { searchTextOf } from './admin-order-list';

const DB = 'order_listing_test';
const HOLD_MS = 8_000;
const settings = {
  MONGO_DB: DB,
  ORDER_HOLD_WINDOW_MS: String(HOLD_MS),
  ORDER_SWEEP_INTERVAL_MS: '200',
};
const shelf = new TestShelf();
let db: mongoose.Connection;
let service: OrderReplica;
let honey: string;

const shopDay = (at: string) => new Date(Date.parse(at) + 6 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  await db.dropDatabase();
  honey = await shelf.stock('Listing Honey', 650, 100);
  service = await startOrderReplica(4017, settings);
});
afterAll(async () => {
  await service?.stop();
  await db?.dropDatabase();
  await db?.close();
  await shelf.clear();
});

async function admin<T>(path: string, schema: { parse: (body: unknown) => T }): Promise<T> {
  const response = await fetch(`${service.url}${path}`, { headers: adminIdentity });
  expect(response.status).toBe(200);
  return schema.parse(await response.json());
}
const list = (query: Record<string, string> = {}) => admin(`/allorders?${new URLSearchParams(query)}`, OrderPage);
const summary = () => admin('/ordersummary', OrderSummary);

async function placed(pieces: number) {
  const buyer = shopper('listed', { orderUrl: service.url });
  expect((await buyer.addToCart(honey, pieces)).status).toBe(201);
  const answer = await buyer.placeOrder();
  expect(answer.status).toBe(201);
  return { buyer, order: PlaceOrderAnswer.parse(answer.body).order };
}

/** What the list and the summary must say of `orders` (newest first) with the statuses they have. */
async function expectListed(orders: Order[], statuses: OrderStatus[]) {
  const all = await list();
  expect(all.total).toBe(orders.length);
  expect(all.orders.map((order) => `${order._id} ${order.status}`)).toEqual(orders.map((order, i) => `${order._id} ${statuses[i]}`));
  for (const status of new Set(statuses)) {
    const only = await list({ status });
    expect(only.orders.map((order) => order._id)).toEqual(orders.filter((_, i) => statuses[i] === status).map((order) => order._id));
    expect(only.total).toBe(only.orders.length);
  }
  const second = await list({ pageSize: '2', page: '2' });
  expect(second).toMatchObject({ total: orders.length, page: 2, pageSize: 2 });
  expect(second.orders.map((order) => order._id)).toEqual(orders.slice(2, 4).map((order) => order._id));
  expect((await list({ q: orders[1]!.email.toUpperCase() })).orders.map((order) => order._id)).toEqual([orders[1]!._id]);
  expect((await list({ q: orders.at(-1)!._id })).orders.map((order) => order._id)).toEqual([orders.at(-1)!._id]);
  expect((await list({ q: '+880 1712-345678' })).total).toBe(orders.length);
  expect((await list({ from: '2001-01-01', to: '2001-01-31' })).total).toBe(0);

  const sums = await summary();
  const today = orders.map((order, i) => ({ order, status: statuses[i] })).filter(({ order }) => shopDay(order.placedAt) === sums.today);
  expect((await list({ from: sums.today, to: sums.today })).total).toBe(today.length);
  expect(sums.todayOrders).toBe(today.length);
  const revenue = today.filter(({ status }) => status !== 'cancelled').reduce((sum, { order }) => sum + Math.round(order.total * 100), 0);
  expect(Math.round(sums.todayRevenue * 100)).toBe(revenue);
  const counted = Object.fromEntries(Object.keys(sums.byStatus).map((status) => [status, statuses.filter((s) => s === status).length]));
  expect(sums.byStatus).toEqual(counted);
}

it('lists and counts each order as it is placed, confirmed, cancelled and expires, moved or removed behind the service’s back, and found by a search once older', async () => {
  const expiring = await placed(1);
  const confirmed = await placed(2);
  expect((await confirmed.buyer.confirm(confirmed.order._id)).status).toBe(200);
  const cancelled = await placed(3);
  expect((await cancelled.buyer.cancel(cancelled.order._id)).status).toBe(200);
  await eventually(async () => expect((await expiring.buyer.myOrders())[0]?.status).toBe('cancelled'), HOLD_MS + 10_000);
  const waiting = await placed(1);

  const orders = [waiting, cancelled, confirmed, expiring].map(({ order }) => order);
  const statuses: OrderStatus[] = ['placed', 'cancelled', 'confirmed', 'cancelled'];
  await expectListed(orders, statuses);
  await eventually(async () => expect((await waiting.buyer.myOrders())[0]?.status).toBe('cancelled'), HOLD_MS + 10_000);
  statuses[0] = 'cancelled';
  await expectListed(orders, statuses);
  const before = await summary();

  // An order moved on by a process that stopped right after writing it, and one removed behind the
  // service's back (as a bench cleans up): the list and the summary read the orders, and say so at once.
  const orderIdOf = (order: Order) => new mongoose.Types.ObjectId(order._id);
  await db
    .collection('orders')
    .updateOne(
      { _id: orderIdOf(confirmed.order) },
      { $set: { status: 'packed' }, $push: { history: { status: 'packed', at: new Date(), by: 'admin' } } as never },
    );
  await db.collection('orders').deleteOne({ _id: orderIdOf(expiring.order) });
  orders.pop();
  statuses.pop();
  statuses[2] = 'packed';
  await expectListed(orders, statuses);
  expect((await summary()).byStatus).toEqual({ ...before.byStatus, confirmed: 0, packed: 1, cancelled: before.byStatus.cancelled - 1 });

  // An order placed before orders kept their search text: found by a search once a replica has
  // started, and the rest of the list as it was.
  await service.stop();
  await db.collection('orders').updateOne({ _id: orderIdOf(cancelled.order) }, { $unset: { searchText: 1 } });
  service = await startOrderReplica(4017, settings);
  await eventually(() => expectListed(orders, statuses), 15_000);
}, 120_000);

it('lists and counts the orders of earlier days, and their moves', async () => {
  const placedAt = new Date(Date.now() - 10 * 24 * 3_600_000);
  const day = shopDay(placedAt.toISOString());
  const orderId = new mongoose.Types.ObjectId();
  const laterId = new mongoose.Types.ObjectId();
  const earlierOrder = (_id: mongoose.Types.ObjectId) => ({
    _id,
    userId: 'an-earlier-shopper',
    email: 'earlier@bazar.test',
    name: 'An Earlier Shopper',
    phone: '01811111111',
    addinfo: '',
    items: [{ productId: honey, name: 'Listing Honey', img: '', unitPricePaisa: 65_000, quantity: 1 }],
    subtotalPaisa: 65_000,
    vatPaisa: 3_250,
    deliveryPaisa: 7_000,
    totalPaisa: 75_250,
    status: 'confirmed',
    history: [
      { status: 'placed', at: placedAt, by: 'shopper' },
      { status: 'confirmed', at: placedAt, by: 'shopper' },
    ],
    reservationId: new mongoose.Types.ObjectId().toString(),
    outbox: {},
    outboxPending: [],
    createdAt: placedAt,
    updatedAt: placedAt,
  });
  const before = await summary();
  await db.collection('orders').insertMany([earlierOrder(orderId), earlierOrder(laterId)]);
  const both = [laterId.toString(), orderId.toString()].sort().reverse();
  // placed at the same moment: newest first by id
  expect((await list({ from: day, to: day })).orders.map((one) => one._id)).toEqual(both);
  expect((await list({ from: day })).orders.map((one) => one._id)).toEqual(expect.arrayContaining(both));
  expect((await list({ to: day })).orders.map((one) => one._id)).toEqual(both);
  expect((await summary()).byStatus).toEqual({ ...before.byStatus, confirmed: before.byStatus.confirmed + 2 });

  for (const [moving, status] of [
    [orderId, 'packed'],
    [laterId, 'cancelled'],
  ] as const) {
    const moved = await fetch(`${service.url}/orderstatus/${moving.toString()}`, {
      method: 'PUT',
      headers: { ...adminIdentity, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(moved.status).toBe(200);
    expect((await list({ from: day, to: day, status })).orders.map((one) => one._id)).toEqual([moving.toString()]);
  }
  expect((await summary()).byStatus).toEqual({
    ...before.byStatus,
    packed: before.byStatus.packed + 1,
    cancelled: before.byStatus.cancelled + 1,
  });
});

/** An order written straight to the orders, as the service writes a placed one, at `createdAt`. */
async function writtenByHand(name: string, createdAt: Date, totalPaisa: number): Promise<OrderDocument> {
  const _id = new mongoose.Types.ObjectId();
  await db.collection('orders').insertOne({
    _id,
    createdAt,
    status: 'placed',
    history: [{ status: 'placed', at: createdAt, by: 'shopper' }],
    totalPaisa,
    email: `${name}@bazar.test`,
    phone: '01911111111',
    searchText: searchTextOf({ _id, email: `${name}@bazar.test`, phone: '01911111111' }),
    userId: `${name}-shopper`,
    name: 'A Busy Shopper',
    addinfo: '',
    items: [{ productId: honey, name: 'Listing Honey', img: '', unitPricePaisa: totalPaisa, quantity: 1 }],
    subtotalPaisa: totalPaisa,
    vatPaisa: 0,
    deliveryPaisa: 0,
    reservationId: new mongoose.Types.ObjectId().toString(),
    outbox: {},
    outboxPending: [],
    updatedAt: createdAt,
  });
  return (await db.collection<OrderDocument>('orders').findOne({ _id }))!;
}

it('pages through orders placed at the same moment newest first, each once, and counts a move', async () => {
  const before = await summary();
  const at = new Date();
  const busy: OrderDocument[] = [];
  for (let i = 0; i < 7; i++) busy.unshift(await writtenByHand(`busy${i}`, at, 10_000 * (i + 1)));
  const ids = busy.map((order) => order._id.toString());
  expect((await list({ pageSize: '7' })).orders.map((order) => order._id)).toEqual(ids);
  const pages = await Promise.all(['1', '2', '3'].map((page) => list({ pageSize: '3', page, status: 'placed' })));
  expect(pages.flatMap((page) => page.orders.map((order) => order._id)).filter((id) => ids.includes(id))).toEqual(ids);
  expect((await summary()).byStatus).toEqual({ ...before.byStatus, placed: before.byStatus.placed + 7 });
  const today = await summary();
  expect(today.todayOrders).toBe(before.todayOrders + 7);
  expect(Math.round(today.todayRevenue * 100)).toBe(Math.round(before.todayRevenue * 100) + 280_000);

  const moved = await fetch(`${service.url}/orderstatus/${ids[6]!}`, {
    method: 'PUT',
    headers: { ...adminIdentity, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'cancelled' }),
  });
  expect(moved.status).toBe(200);
  expect((await list({ q: ids[6]! })).orders.map((order) => order.status)).toEqual(['cancelled']);
  const after = await summary();
  expect(after.byStatus).toEqual({ ...before.byStatus, placed: before.byStatus.placed + 6, cancelled: before.byStatus.cancelled + 1 });
  // a cancelled order is counted, its total no longer revenue
  expect(after.todayOrders).toBe(before.todayOrders + 7);
  expect(Math.round(after.todayRevenue * 100)).toBe(Math.round(before.todayRevenue * 100) + 270_000);
  await db.collection('orders').deleteMany({ _id: { $in: busy.map((order) => order._id) } });
});

it('searches as it always has: an id whole, part of an email in any case, part of a phone however written, never across them', async () => {
  // delivered: no other order here is
  const ordersBy = async (q: string) => {
    const found = await list({ q, status: 'delivered' });
    expect(found.total).toBe(found.orders.length);
    return found.orders.map((order) => order.email).sort();
  };
  const emails = ['x01712@bazar.test', 'rahim.8801@bazar.test', 'karim-0194@bazar.test'];
  const phones = ['01955501799', '01944408801', '01933300000'];
  const ids = [
    new mongoose.Types.ObjectId(),
    new mongoose.Types.ObjectId(),
    new mongoose.Types.ObjectId(`abcdefabcdef${randomBytes(6).toString('hex')}`),
  ];
  const createdAt = new Date();
  await db.collection('orders').insertMany(
    emails.map((email, i) => ({
      _id: ids[i]!,
      createdAt,
      status: 'delivered',
      history: [{ status: 'delivered', at: createdAt, by: 'admin' }],
      totalPaisa: 1_000,
      email: email.toUpperCase(),
      phone: phones[i],
      searchText: searchTextOf({ _id: ids[i]!, email: email.toUpperCase(), phone: phones[i] }),
      userId: 'a-searched-shopper',
      name: 'A Searched Shopper',
      addinfo: '',
      items: [{ productId: honey, name: 'Listing Honey', img: '', unitPricePaisa: 1_000, quantity: 1 }],
      subtotalPaisa: 1_000,
      vatPaisa: 0,
      deliveryPaisa: 0,
      reservationId: new mongoose.Types.ObjectId().toString(),
      outbox: {},
      outboxPending: [],
      updatedAt: createdAt,
    })),
  );
  const [x, rahim, karim] = emails.map((email) => email.toUpperCase());
  try {
    // part of an email, in any case
    expect(await ordersBy('RAHIM.88')).toEqual([rahim]);
    expect(await ordersBy('@Bazar.TEST')).toEqual([karim, rahim, x]);
    // digits find part of an email and part of a phone
    expect(await ordersBy('01712')).toEqual([x]);
    expect(await ordersBy('0194')).toEqual([karim, rahim]);
    expect(await ordersBy('+880 1955-501799')).toEqual([x]);
    expect(await ordersBy('444088')).toEqual([rahim]);
    expect(await ordersBy('8801')).toEqual([karim, rahim, x]); // an email's 8801, and every phone's 01
    // fewer than three digits find no phone
    expect(await ordersBy('33')).toEqual([]);
    // an order's id only whole, in any case
    expect(await ordersBy(ids[2]!.toString().toUpperCase())).toEqual([karim]);
    expect(await ordersBy('abcdefabcdef')).toEqual([]);
    // exported as listed: a search finding both ways too
    const exported = await fetch(`${service.url}/allorders/export?${new URLSearchParams({ q: '0194', status: 'delivered' })}`, {
      headers: adminIdentity,
    });
    const rows = (await exported.text()).trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[0])).toEqual([ids[1]!.toString(), ids[2]!.toString()].sort().reverse());
  } finally {
    await db.collection('orders').deleteMany({ _id: { $in: ids } });
  }
});

// The admin's list and summary come from a read model the order service keeps beside its orders
// (order-listings.ts). An order service of its own, on a database of its own (the stack's catalog,
// cart and broker), so that every figure can be checked exactly: they follow placing, confirming,
// cancelling and a hold expiring, catch up with an order moved by a process that stopped before
// listing it and with one removed behind the service's back, and are the same after the read model
// is dropped and built again from the orders. Parts hold two orders a replica here, so that every
// order is listed in a generation of its line and a busy line spreads over several.
import { randomBytes } from 'node:crypto';
import { OrderPage, OrderSummary, PlaceOrderAnswer, type Order, type OrderStatus } from '@bazar/contracts';
import { eventually, stackEnv } from '@bazar/testing';
import { createLogger } from '@bazar/service-kit';
import { adminIdentity, shopper, TestShelf } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { startOrderReplica, type OrderReplica } from '../test/replica';
import { Order as StoredOrder, type OrderDocument } from './model/order';
import { searchTextOf } from './admin-order-list';
import { listOrder, OrderListings } from './order-listings';

const DB = 'order_listing_test';
const HOLD_MS = 8_000;
const PART_SIZE = 2;
const settings = {
  MONGO_DB: DB,
  ORDER_HOLD_WINDOW_MS: String(HOLD_MS),
  ORDER_SWEEP_INTERVAL_MS: '200',
  ORDER_LISTING_PART_SIZE: String(PART_SIZE),
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

it('lists and counts each order as it is placed, confirmed, cancelled and expires, and again once rebuilt from the orders', async () => {
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

  // An order moved on by a process that stopped right after writing it, before listing it, and one
  // removed behind the service's back (as a bench cleans up): the next replica to start lists the
  // one from the order, counting the move once, and takes the other out.
  await service.stop();
  const orderIdOf = (order: Order) => new mongoose.Types.ObjectId(order._id);
  await db
    .collection('orders')
    .updateOne(
      { _id: orderIdOf(confirmed.order) },
      { $set: { status: 'packed' }, $push: { history: { status: 'packed', at: new Date(), by: 'admin' } } as never },
    );
  await db.collection('orders').deleteOne({ _id: orderIdOf(expiring.order) });
  service = await startOrderReplica(4017, settings);
  orders.pop();
  statuses.pop();
  statuses[2] = 'packed';
  await eventually(() => expectListed(orders, statuses), 15_000);
  expect((await summary()).byStatus).toEqual({ ...before.byStatus, confirmed: 0, packed: 1, cancelled: before.byStatus.cancelled - 1 });

  // The read model dropped: built again from the orders, the same, however often replicas start.
  for (const start of ['rebuilding', 'finding nothing to do']) {
    await service.stop();
    if (start === 'rebuilding') await Promise.all(['order_days', 'order_day_counts'].map((name) => db.collection(name).deleteMany({})));
    service = await startOrderReplica(4017, settings);
    await eventually(() => expectListed(orders, statuses), 15_000);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // its check of the orders is long over
  await expectListed(orders, statuses);
}, 120_000);

it('counts a move once however many write it at once, and never takes an entry back a step', async () => {
  const { order } = await placed(1);
  const before = await summary();
  // confirmed in the orders alone, as by a process that died before listing it; then listed by many
  // at once (replicas starting, the sweep), some of them with what they read before the move
  await mongoose.connect(stackEnv.mongoUrl, { dbName: DB });
  try {
    const asPlaced = await StoredOrder.findById(order._id).lean<OrderDocument>();
    const asConfirmed = await StoredOrder.findByIdAndUpdate(
      order._id,
      {
        $set: { status: 'confirmed' },
        $unset: { holdUntil: 1 },
        $push: { history: { status: 'confirmed', at: new Date(), by: 'shopper' } },
      },
      { returnDocument: 'after' },
    ).lean<OrderDocument>();
    await Promise.all(Array.from({ length: 12 }, (_, i) => listOrder(i % 3 === 0 ? asPlaced! : asConfirmed!)));
  } finally {
    await mongoose.connection.close(); // the default one only: `db` stays open
  }
  expect((await list({ q: order._id })).orders.map((one) => one.status)).toEqual(['confirmed']);
  expect((await summary()).byStatus).toEqual({
    ...before.byStatus,
    placed: before.byStatus.placed - 1,
    confirmed: before.byStatus.confirmed + 1,
  });
});

it('counts the moves of orders placed days ago, whose counts are read from the copies of their lines', async () => {
  const placedAt = new Date(Date.now() - 10 * 24 * 3_600_000);
  const day = shopDay(placedAt.toISOString());
  const orderId = new mongoose.Types.ObjectId();
  // a second order of the same line, listed in the line's second generation
  const lineDigit = orderId.toString().at(-1)!;
  const laterId = new mongoose.Types.ObjectId(
    `${mongoose.Types.ObjectId.createFromTime(Math.floor(placedAt.getTime() / 1000))
      .toString()
      .slice(0, 23)}${lineDigit}`,
  );
  const line = `${day}/${lineDigit}`;
  const earlierOrder = (_id: mongoose.Types.ObjectId, listedIn?: string) => ({
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
    ...(listedIn && { listedIn }),
  });
  const before = await summary();
  await db.collection('orders').insertMany([earlierOrder(orderId), earlierOrder(laterId, `${line}/2`)]);
  // a copy of one part, as kept before copies were of lines, is not counted and goes
  await db.collection('order_day_counts').insertOne({ _id: `${line}/1` as never, byStatus: { confirmed: 5 }, revenuePaisa: 1, version: 1 });
  await service.stop(); // the next to start lists them
  service = await startOrderReplica(4017, settings);
  const both = [laterId.toString(), orderId.toString()].sort().reverse();
  await eventually(async () =>
    expect(
      (await list({ from: day, to: day })).orders
        .map((one) => one._id)
        .sort()
        .reverse(),
    ).toEqual(both),
  );
  // the line's copy is written after the entries of its parts
  await eventually(async () =>
    expect((await summary()).byStatus).toEqual({ ...before.byStatus, confirmed: before.byStatus.confirmed + 2 }),
  );
  expect(await db.collection('order_day_counts').findOne({ _id: line as never })).toMatchObject({ byStatus: { confirmed: 2 } });
  expect(await db.collection('order_day_counts').countDocuments({ _id: { $in: [`${line}/1`, `${line}/2`] as never[] } })).toBe(0);

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

/** An order written straight to the orders, with an id ending in `digit` (so in that line of the
 *  day), in the part `listings` gives it, and not listed yet. */
async function writtenByHand(listings: OrderListings, name: string, digit: string, totalPaisa: number): Promise<OrderDocument> {
  const _id = new mongoose.Types.ObjectId(`${randomBytes(12).toString('hex').slice(0, 23)}${digit}`);
  const createdAt = new Date();
  // a real order: reconcile takes out entries of orders that are gone
  await db.collection('orders').insertOne({
    _id,
    createdAt,
    status: 'placed',
    history: [{ status: 'placed', at: createdAt, by: 'shopper' }],
    totalPaisa,
    email: `${name}@bazar.test`,
    phone: '01911111111',
    searchText: searchTextOf({ _id, email: `${name}@bazar.test`, phone: '01911111111' }),
    listedIn: await listings.partFor(createdAt, _id.toString()),
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
  return (await StoredOrder.findById(_id).lean<OrderDocument>())!;
}

/** `writtenByHand`, then listed as a replica lists an order it wrote. */
async function listedByHand(listings: OrderListings, name: string, digit: string, totalPaisa: number): Promise<OrderDocument> {
  const stored = await writtenByHand(listings, name, digit, totalPaisa);
  await listOrder(stored);
  return stored;
}

it('lists a busy line of the day in parts of a bounded size, and reads them all', async () => {
  const before = await summary();
  const busy: OrderDocument[] = [];
  await mongoose.connect(stackEnv.mongoUrl, { dbName: DB });
  try {
    // two replicas listing orders whose ids all end in the same digit: each opens its own parts
    const replicas = [
      new OrderListings(createLogger('listing-test', 'silent'), PART_SIZE),
      new OrderListings(createLogger('listing-test', 'silent'), PART_SIZE),
    ];
    for (let i = 0; i < 7; i++) busy.unshift(await listedByHand(replicas[i % 2]!, `busy${i}`, 'a', 10_000 * (i + 1)));
  } finally {
    await mongoose.connection.close();
  }

  const parts = new Set(busy.map((order) => order.listedIn));
  expect(parts.size).toBeGreaterThanOrEqual(4); // 7 orders, 2 a part a replica
  for (const part of parts) {
    const stored = await db.collection<{ _id: string; orders: object }>('order_days').findOne({ _id: part! });
    expect(Object.keys(stored?.orders ?? {}).length).toBeLessThanOrEqual(PART_SIZE);
  }
  const newest = await list({ pageSize: '7' });
  expect(newest.orders.map((order) => order._id)).toEqual(busy.map((order) => order._id.toString()));
  expect((await summary()).byStatus).toEqual({ ...before.byStatus, placed: before.byStatus.placed + 7 });

  // moved on, in the part it was listed in
  const moved = await fetch(`${service.url}/orderstatus/${busy[6]!._id.toString()}`, {
    method: 'PUT',
    headers: { ...adminIdentity, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(moved.status).toBe(200);
  expect((await list({ q: busy[6]!._id.toString() })).orders.map((order) => order.status)).toEqual(['confirmed']);
  expect((await summary()).byStatus).toEqual({
    ...before.byStatus,
    placed: before.byStatus.placed + 6,
    confirmed: before.byStatus.confirmed + 1,
  });
});

it('takes away a part whose orders are all gone, and the line’s version never goes back', async () => {
  const before = await summary();
  let gone: OrderDocument[];
  let kept: OrderDocument;
  await mongoose.connect(stackEnv.mongoUrl, { dbName: DB });
  try {
    const listings = new OrderListings(createLogger('listing-test', 'silent'), PART_SIZE);
    gone = [await listedByHand(listings, 'gone0', 'c', 1_000), await listedByHand(listings, 'gone1', 'c', 2_000)];
    kept = await listedByHand(listings, 'kept', 'c', 3_000);
  } finally {
    await mongoose.connection.close();
  }
  const part = gone[0]!.listedIn!;
  expect([gone[1]!.listedIn, kept.listedIn]).toEqual([part, expect.not.stringMatching(`^${part}$`)]);
  const line = part.split('/').slice(0, 2).join('/');
  const parts = db.collection<{ _id: string; version: number }>('order_days');
  // the sum of the line's parts' versions: a counts copy is replaced only by a sum larger than its own
  const lineVersion = async () =>
    (await parts.find({ _id: { $regex: `^${line}` } }).toArray()).reduce((sum, { version }) => sum + version, 0);
  const versionBefore = await lineVersion();

  // removed behind the service's back, as a bench cleans up: the next replica's reconcile
  await service.stop();
  await db.collection('orders').deleteMany({ _id: { $in: gone.map((order) => order._id) } });
  service = await startOrderReplica(4017, settings);
  await eventually(async () => expect(await parts.findOne({ _id: part })).toBeNull(), 15_000);
  expect(await parts.findOne({ _id: line })).not.toBeNull(); // it names the line's generations
  expect(await lineVersion()).toBeGreaterThan(versionBefore);
  expect((await list({ q: kept._id.toString() })).orders.map((order) => order._id)).toEqual([kept._id.toString()]);
  expect((await summary()).byStatus).toEqual({ ...before.byStatus, placed: before.byStatus.placed + 1 });
});

it('lists at the next sweep what it could not list, an order that fails again staying due without holding up the others', async () => {
  await mongoose.connect(stackEnv.mongoUrl, { dbName: DB });
  try {
    const listings = new OrderListings(createLogger('listing-test', 'silent'), PART_SIZE);
    const listable = await writtenByHand(listings, 'due', 'd', 4_000);
    // a stored order the list cannot take (no history, as no version of the service writes one)
    const unlistable = await writtenByHand(listings, 'broken', 'd', 5_000);
    await db.collection('orders').updateOne({ _id: unlistable._id }, { $unset: { history: 1 } });
    // their writes' listings failed (handed over without their history): both are due
    for (const order of [unlistable, listable]) await listings.follow({ ...order, history: undefined as never });

    await listings.catchUp();
    const listed = async (order: OrderDocument) => {
      const part = await db.collection<{ _id: string; orders?: Record<string, string> }>('order_days').findOne({ _id: order.listedIn! });
      return part?.orders?.[order._id.toString()] !== undefined;
    };
    expect([await listed(listable), await listed(unlistable)]).toEqual([true, false]);
    await expect(listings.catchUp()).resolves.toBeUndefined(); // tried again, and again not listed
    await db.collection('orders').deleteOne({ _id: unlistable._id });
  } finally {
    await mongoose.connection.close();
  }
});

it('searches as it always has: an id whole, part of an email in any case, part of a phone however written, never across them', async () => {
  // delivered: no other order here is
  const ordersBy = async (q: string) => (await list({ q, status: 'delivered' })).orders.map((order) => order.email).sort();
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
  } finally {
    await db.collection('orders').deleteMany({ _id: { $in: ids } });
  }
});

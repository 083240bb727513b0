// A store that still has the admin list's read model of before (its collections order_days and
// order_day_counts, and listedIn on the orders) loses it when an order service starts, whatever the
// number of orders, and nothing else: each order keeps every other field. Two replicas starting at
// once both do it, and a start with nothing left to drop drops nothing. Order services of their own
// on a database of their own (the stack's catalog, cart and broker), whose log lines the test reads.
import { randomBytes } from 'node:crypto';
import { eventually, freePort, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { startLoggedOrderReplica, type LoggedOrderReplica } from '../test/replica';
import { searchTextOf } from './admin-order-list';
import { RETIRED_COLLECTIONS } from './retired-read-model';

const DB = `order_retired_${randomBytes(4).toString('hex')}`;
let db: mongoose.Connection;
const running: LoggedOrderReplica[] = [];

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
});
afterAll(async () => {
  await Promise.all(running.map((replica) => replica.stop()));
  await db?.dropDatabase();
  await db?.close();
});

const start = async () => {
  running.push(await startLoggedOrderReplica(await freePort(), { MONGO_DB: DB }));
  return running.at(-1)!;
};
const collectionNames = async () => (await db.db!.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name);
const dropping = "the admin list's retired read model dropped";

/** Orders as the read model left them, more than a gentle read's batch; every third without listedIn. */
const ORDERS = Array.from({ length: 250 }, (_, i) => {
  const order = { _id: new mongoose.Types.ObjectId(), email: `retired-${i}@bazar.test`, phone: '01712345678' };
  return {
    ...order,
    searchText: searchTextOf(order),
    userId: 'a-retired-shopper',
    status: 'delivered',
    totalPaisa: 1_000 + i,
    createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
    ...(i % 3 !== 0 && { listedIn: `2026-11-01/${i % 10}/1` }),
  };
});

it('drops the collections and the field at a start, leaving every other field of the orders, with two replicas at once', async () => {
  await db.collection('orders').insertMany(ORDERS);
  await db.collection('order_days').insertMany([{ _id: '2026-11-01' as never, orders: 'x y z' }]);
  await db.collection('order_day_counts').insertOne({ _id: 'placed' as never, n: 3 });
  const before = (await db.collection('orders').find().sort({ _id: 1 }).toArray()).map(({ listedIn: _listedIn, ...kept }) => kept);

  const [first, second] = await Promise.all([start(), start()]);
  await eventually(
    async () => {
      expect(await db.collection('orders').countDocuments({ listedIn: { $exists: true } })).toBe(0);
      expect((await collectionNames()).filter((name) => RETIRED_COLLECTIONS.includes(name as never))).toEqual([]);
    },
    30_000,
    200,
  );
  expect(await db.collection('orders').find().sort({ _id: 1 }).toArray()).toEqual(before);
  // a replica that did something said so, and neither failed
  await eventually(async () => expect([...first.lines, ...second.lines].filter((line) => line.msg === dropping).length).toBeGreaterThan(0));
  const done = [...first.lines, ...second.lines].filter((line) => line.msg === dropping) as unknown as {
    dropped: string[];
    unset: number;
  }[];
  // Which replica did what is theirs to share: both may drop a collection (a drop of what the other
  // dropped a moment before succeeds, on MongoDB since 7.0 as on FerretDB), and one that found nothing
  // left says nothing. What each says it did is of the model.
  const withField = ORDERS.filter((order) => 'listedIn' in order).length;
  for (const { dropped, unset } of done) {
    expect(dropped.every((name) => RETIRED_COLLECTIONS.includes(name as never))).toBe(true);
    expect(unset).toBeLessThanOrEqual(withField);
  }
  expect([...first.lines, ...second.lines].filter((line) => /retired read model failed/.test(line.msg ?? ''))).toEqual([]);

  // a start with nothing left drops nothing, and says nothing of it
  const third = await start();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(third.lines.filter((line) => line.msg === dropping || /retired read model failed/.test(line.msg ?? ''))).toEqual([]);
  expect(await db.collection('orders').countDocuments()).toBe(ORDERS.length);
});

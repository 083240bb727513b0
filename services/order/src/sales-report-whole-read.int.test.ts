// The sales report reads its days' orders whole again every SALES_REPORT_WHOLE_READ_MS (an hour in
// the store), for orders removed behind the service's back, which its reads of the orders written
// since the last one never find (issue 54, item 8). Two order services of their own on a database of
// its own (the stack's catalog, cart and broker): one reads whole every second, the other every
// hour, as the store does. An order removed from the database leaves the first one's report, its
// day's figures and the best sellers, once it has read whole again; the second still counts it.
import { SalesReport, type Order } from '@bazar/contracts';
import { eventually, freePort, stackEnv } from '@bazar/testing';
import { adminIdentity, TestShelf } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { placedAndConfirmed } from '../test/older-orders';
import { startOrderReplica, type OrderReplica } from '../test/replica';

const DB = 'order_report_whole_read_test';
const shelf = new TestShelf();
let db: mongoose.Connection;
let everySecond: OrderReplica;
let hourly: OrderReplica;
let honey: string;
let rice: string;

const shopDay = (at: number) => new Date(at + 6 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  await db.dropDatabase();
  [honey, rice] = await Promise.all([shelf.stock('Whole Read Honey', 650, 100), shelf.stock('Whole Read Rice', 90, 100)]);
  // every report made afresh, so that each is compared with the orders as they are just then
  const settings = { MONGO_DB: DB, SALES_REPORT_FRESH_MS: '0' };
  [everySecond, hourly] = await Promise.all([
    startOrderReplica(await freePort(), { ...settings, SALES_REPORT_WHOLE_READ_MS: '1000' }),
    startOrderReplica(await freePort(), settings),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([everySecond?.stop(), hourly?.stop()]);
  await db?.dropDatabase();
  await db?.close();
  await shelf.clear();
});

async function report(service: OrderReplica): Promise<SalesReport> {
  const response = await fetch(`${service.url}/salesreport`, { headers: adminIdentity });
  expect(response.status).toBe(200);
  return SalesReport.parse(await response.json());
}
/** Today's figures and the best sellers, as [product, units]. */
const figures = (made: SalesReport) => ({
  today: made.days.at(-1),
  sellers: made.bestSellers.map(({ productId, units }) => [productId, units]),
});
const revenue = (...orders: Order[]) => Math.round(orders.reduce((sum, order) => sum + order.total * 100, 0)) / 100;

it('takes an order removed from the database out of the report at its next whole read', async () => {
  const kept = await placedAndConfirmed(everySecond.url, [[rice, 2]]);
  const removed = await placedAndConfirmed(everySecond.url, [[honey, 3]]);
  const today = shopDay(Date.now());
  const withBoth = {
    today: { day: today, orders: 2, revenue: revenue(kept, removed) },
    sellers: [
      [honey, 3],
      [rice, 2],
    ],
  };
  for (const service of [everySecond, hourly]) expect(figures(await report(service))).toEqual(withBoth);

  expect((await db.collection('orders').deleteOne({ _id: new mongoose.Types.ObjectId(removed._id) })).deletedCount).toBe(1);
  // a making starts the whole read in the background once a second has passed since the last; a
  // later one takes its counts
  await eventually(
    async () =>
      expect(figures(await report(everySecond))).toEqual({
        today: { day: today, orders: 1, revenue: revenue(kept) },
        sellers: [[rice, 2]],
      }),
    20_000,
    250,
  );
  // reading the orders written since its last read, the other cannot see a removal: it counts the
  // order until its hour is up
  expect(figures(await report(hourly))).toEqual(withBoth);
}, 60_000);

// The admin's sales report after a start, a release or a crash (issue 54): a replica makes it as it
// starts and says it is ready once it has, so the first admin to open the dashboard finds the last
// days' orders' lines read already (the report reads the days' orders' totals, never their lines); and the report stays exactly the orders' with orders placed and moved
// since, with two replicas at once, and after a replica killed as it started. Order services of their own on a database of
// its own (the stack's catalog, cart and broker), whose log lines the test reads: a traced request's
// line says which database commands it sent (`dbCommands`).
import { randomBytes } from 'node:crypto';
import { SalesReport, type Order } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { eventually, freePort, stackEnv } from '@bazar/testing';
import { adminIdentity, TestShelf } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { DAY_MS, placedAndConfirmed, placedDaysAgo } from '../test/older-orders';
import { startLoggedOrderReplica, startOrderReplica, type LoggedOrderReplica, type OrderReplica } from '../test/replica';

const DB = 'order_report_start_test';
/** every report made afresh, so that each is compared with the orders as they are just then */
const SETTINGS = { MONGO_DB: DB, SALES_REPORT_FRESH_MS: '0' };
const shelf = new TestShelf();
let db: mongoose.Connection;
const running: OrderReplica[] = [];
const HONEY_TAKA = 650;
const RICE_TAKA = 90;
let honey: string;
let rice: string;

const shopDay = (at: number) => new Date(at + 6 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  await db.dropDatabase();
  // the service's own models, for an order written as it writes one (both its connections)
  await connectMongo(stackEnv.mongoUrl, DB, createLogger('sales-report-at-start-test', 'silent'));
  [honey, rice] = await Promise.all([shelf.stock('Start Honey', HONEY_TAKA, 100), shelf.stock('Start Rice', RICE_TAKA, 100)]);
});
afterAll(async () => {
  await Promise.all(running.map((replica) => replica.stop()));
  await db?.dropDatabase();
  await db?.close();
  await disconnectMongo(); // every connection of mongoose's, `db` too
  await shelf.clear();
});

async function started<T extends OrderReplica>(replica: Promise<T>): Promise<T> {
  running.push(await replica);
  return running.at(-1) as T;
}
const logged = async (settings = {}, options?: { ready: boolean }) =>
  started(startLoggedOrderReplica(await freePort(), { ...SETTINGS, ...settings }, options));

const asAdmin = (service: OrderReplica, path: string, init: RequestInit = {}) =>
  fetch(`${service.url}${path}`, { ...init, headers: { ...adminIdentity, 'content-type': 'application/json', ...init.headers } });
const cancel = async (service: OrderReplica, orderId: string) =>
  expect((await asAdmin(service, `/orderstatus/${orderId}`, { method: 'PUT', body: JSON.stringify({ status: 'cancelled' }) })).status).toBe(
    200,
  );

/** The report as the first admin to ask gets it, in a trace of its own, and the database commands
 *  it sent by `<command> <collection>`. */
async function tracedReport(service: LoggedOrderReplica): Promise<{ report: SalesReport; dbCommands: Record<string, number> }> {
  const traceId = randomBytes(16).toString('hex');
  const response = await asAdmin(service, '/salesreport', {
    headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
  });
  expect(response.status).toBe(200);
  const report = SalesReport.parse(await response.json());
  // logged once the answer is out
  const line = await eventually(async () => {
    const found = service.lines.find((one) => one.msg === 'request completed' && one.traceId === traceId);
    expect(found).toBeDefined();
    return found!;
  }, 10_000);
  return { report, dbCommands: line.dbCommands ?? {} };
}
const report = async (service: OrderReplica) => {
  const response = await asAdmin(service, '/salesreport');
  expect(response.status).toBe(200);
  return SalesReport.parse(await response.json());
};

const placed = (service: OrderReplica, lines: [string, number][]) => placedAndConfirmed(service.url, lines);

/** The orders placed so far and not cancelled, as the report must count them. */
const sold: Order[] = [];
const olderSold: Order[] = [];
const cancelled: Order[] = [];

/** The report the orders make: every figure, computed from the orders rather than by the service. */
function expectedReport(): Pick<SalesReport, 'bestSellers'> & { today: unknown; older: unknown } {
  const units = (product: string) =>
    [...sold, ...olderSold]
      .flatMap((order) => order.items)
      .reduce((sum, item) => sum + (item.productId === product ? item.quantity : 0), 0);
  const bestSellers = [
    { productId: rice, taka: RICE_TAKA },
    { productId: honey, taka: HONEY_TAKA },
  ]
    .map(({ productId, taka }) => ({ productId, units: units(productId), revenue: units(productId) * taka }))
    .filter((seller) => seller.units > 0)
    .sort((a, b) => b.units - a.units || b.revenue - a.revenue);
  const revenue = (orders: Order[]) => Math.round(orders.reduce((sum, order) => sum + order.total * 100, 0)) / 100;
  return {
    bestSellers: bestSellers.map((seller) => expect.objectContaining(seller)) as SalesReport['bestSellers'],
    today: { day: shopDay(Date.now()), orders: sold.length + cancelled.length, revenue: revenue(sold) },
    older: { day: shopDay(Date.now() - 5 * DAY_MS), orders: olderSold.length, revenue: revenue(olderSold) },
  };
}
function expectExact(made: SalesReport): void {
  const { bestSellers, today, older } = expectedReport();
  expect(made.bestSellers).toEqual(bestSellers);
  expect(made.days.at(-1)).toEqual(today);
  expect(made.days.find((day) => day.day === shopDay(Date.now() - 5 * DAY_MS))).toEqual(older);
}

it('makes the report before a replica is ready: the first admin to ask reads no order’s lines, and gets the orders’ figures exactly', async () => {
  // the store before a restart: today's orders, one of them cancelled, and one of five days ago
  const before = await started(startOrderReplica(await freePort(), SETTINGS));
  sold.push(
    await placed(before, [
      [honey, 2],
      [rice, 1],
    ]),
    await placed(before, [[rice, 3]]),
  );
  cancelled.push(await placed(before, [[honey, 5]]));
  await cancel(before, cancelled[0]!._id);
  await placedDaysAgo(sold[0]!, 5);
  olderSold.push(sold[0]!);
  expectExact(await report(before));
  await before.stop();

  // asked as soon as it is ready
  const after = await logged();
  const first = await tracedReport(after);
  // the days' orders' totals, never their lines
  expect(first.dbCommands['find orders']).toBe(1);
  expectExact(first.report);

  // orders placed and moved once it has made it are counted as they are
  sold.push(await placed(after, [[rice, 2]]));
  const movedOut = sold.splice(1, 1)[0]!;
  cancelled.push(movedOut);
  await cancel(after, movedOut._id);
  expectExact(await report(after));
}, 90_000);

it('gives the same exact report from two replicas at once, with orders placed on either while the second starts', async () => {
  const one = running.at(-1) as LoggedOrderReplica;
  const starting = logged();
  sold.push(await placed(one, [[honey, 1]]));
  const two = await starting;
  sold.push(await placed(two, [[rice, 4]]));
  const [fromOne, fromTwo] = await Promise.all([report(one), report(two)]);
  expectExact(fromOne);
  expect(fromTwo).toEqual(fromOne);
}, 90_000);

it('gives the exact report after a replica was killed as it started, its report at start under way or just made', async () => {
  // the older day's kept best sellers gone, so that the report at start makes them again
  await db.collection('product_sales_days').deleteMany({});
  const killed = await logged({}, { ready: false });
  await eventually(async () => expect(killed.lines.length).toBeGreaterThan(0), 30_000, 10);
  await killed.kill();
  const again = await logged();
  const first = await tracedReport(again);
  expect(first.dbCommands['find orders']).toBe(1); // the days' orders' totals, never their lines
  expectExact(first.report);
  expect(await db.collection('product_sales_days').countDocuments({ _id: shopDay(Date.now() - 5 * DAY_MS) as never })).toBe(1);
}, 90_000);

it('reads at each making only the orders written since the last, and answers as a replica reading them whole does, restarted too', async () => {
  // 300 orders of ten days ago, written before the replica starts (as a bench seeds them)
  const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS);
  const like = await db.collection('orders').findOne({ _id: new mongoose.Types.ObjectId(sold[0]!._id) });
  const { cartState: _cartState, ...rest } = like!;
  const seeded = Array.from({ length: 300 }, () => ({
    ...rest,
    _id: new mongoose.Types.ObjectId(),
    createdAt: tenDaysAgo,
    updatedAt: tenDaysAgo,
    reservationId: randomBytes(8).toString('hex'),
    outbox: {},
    outboxPending: [],
  }));
  await db.collection('orders').insertMany(seeded);
  const one = await logged({ LOG_LEVEL: 'debug' });

  // written after its first making: an order placed and confirmed, one of ten days ago cancelled
  await placed(one, [[rice, 1]]);
  await cancel(one, seeded[0]!._id.toString());
  const made = await report(one);
  // the orders written in the last minute or so (this file's), never the 300 of ten days ago
  const read = one.lines.filter((line) => line.msg === 'sales report’s orders read').at(-1);
  expect(read).toEqual(expect.objectContaining({ whole: false }));
  expect(read!.ordersRead).toBeLessThan(50);
  // made again with nothing written: one find of the orders, answered in its first batch (the
  // cancelled order's day's best sellers were made again above, from the lines of its 299)
  const again = await tracedReport(one);
  expect(again.dbCommands).toEqual({ 'find orders': 1 });
  expect(again.report).toEqual(made);

  const tenDays = made.days.find((day) => day.day === shopDay(tenDaysAgo.getTime()));
  expect(tenDays).toEqual({ day: shopDay(tenDaysAgo.getTime()), orders: 300, revenue: (299 * Math.round(sold[0]!.total * 100)) / 100 });
  // a replica that reads them whole answers the same, and so does the first after a restart
  const two = await logged();
  expect(await report(two)).toEqual(made);
  await one.stop();
  const restarted = await logged();
  expect(await report(restarted)).toEqual(made);

  // another order of that day cancelled on the other replica: both count it at their next making
  await cancel(two, seeded[1]!._id.toString());
  const [fromTwo, fromAgain] = await Promise.all([report(two), report(restarted)]);
  expect(fromTwo.days.find((day) => day.day === tenDays!.day)!.revenue).toBe((298 * Math.round(sold[0]!.total * 100)) / 100);
  expect(fromAgain).toEqual(fromTwo);
  expect(await report(await logged())).toEqual(fromTwo);
}, 120_000);

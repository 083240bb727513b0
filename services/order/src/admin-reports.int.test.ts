// The admin's sales report (chart and best sellers) and CSV export (issue 54, item 8), on an order
// service of its own with a database of its own (the stack's catalog, cart and broker), so that every
// figure can be compared exactly with the orders the test places: today's from orders placed through
// the service, an older day's from an order written as the service writes one and listed by its own
// code, whose cancellation must take it out of the kept best sellers of its day.
import { randomUUID } from 'node:crypto';
import { SalesReport, type Order } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { freePort, stackEnv } from '@bazar/testing';
import { adminIdentity, TestShelf } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { DAY_MS, placedAndConfirmed, placedDaysAgo } from '../test/older-orders';
import { startOrderReplica, type OrderReplica } from '../test/replica';

const DB = 'order_reports_test';
const shelf = new TestShelf();
let db: mongoose.Connection;
let service: OrderReplica;
let honey: string;
let rice: string;

const shopDay = (at: number) => new Date(at + 6 * 3_600_000).toISOString().slice(0, 10);
const paisa = (taka: number) => Math.round(taka * 100);

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  await db.dropDatabase();
  // the service's own models, for orders written as it writes them (both its connections)
  await connectMongo(stackEnv.mongoUrl, DB, createLogger('admin-reports-test', 'silent'));
  [honey, rice] = await Promise.all([
    shelf.stock('Report Honey', 650, 100),
    shelf.stock('Report Rice', 90, 100, { name_bn: 'রিপোর্ট চাল' }),
  ]);
  // every report made afresh, so that each is compared with the orders as they are just then
  service = await startOrderReplica(await freePort(), { MONGO_DB: DB, ORDER_SWEEP_INTERVAL_MS: '500', SALES_REPORT_FRESH_MS: '0' });
});
afterAll(async () => {
  await service?.stop();
  await db?.dropDatabase();
  await db?.close();
  await disconnectMongo(); // every connection of mongoose's, `db` too
  await shelf.clear();
});

const asAdmin = (path: string, init: RequestInit = {}) =>
  fetch(`${service.url}${path}`, { ...init, headers: { ...adminIdentity, 'content-type': 'application/json', ...init.headers } });
const report = async () => {
  const response = await asAdmin('/salesreport');
  expect(response.status).toBe(200);
  return SalesReport.parse(await response.json());
};

const placed = (lines: [string, number][]) => placedAndConfirmed(service.url, lines);

it('charts the orders and revenue of each of the last 30 days and names the best sellers, without the cancelled', async () => {
  const a = await placed([
    [honey, 2],
    [rice, 1],
  ]);
  const b = await placed([[rice, 3]]);
  const cancelled = await placed([[honey, 5]]);
  expect((await asAdmin(`/orderstatus/${cancelled._id}`, { method: 'PUT', body: JSON.stringify({ status: 'cancelled' }) })).status).toBe(
    200,
  );

  const now = await report();
  const today = shopDay(Date.now());
  expect(now.to).toBe(today);
  expect(now.from).toBe(shopDay(Date.now() - 29 * DAY_MS));
  expect(now.days).toHaveLength(30);
  expect(now.days.at(-1)).toEqual({ day: today, orders: 3, revenue: (paisa(a.total) + paisa(b.total)) / 100 });
  expect(now.days.slice(0, -1).every((day) => day.orders === 0 && day.revenue === 0)).toBe(true);
  expect(now.bestSellers).toEqual([
    { productId: rice, name: expect.stringContaining('Report Rice'), name_bn: 'রিপোর্ট চাল', units: 4, revenue: 360 },
    { productId: honey, name: expect.stringContaining('Report Honey'), units: 2, revenue: 1300 },
  ]);

  // an order of five days ago: its day's best sellers are kept, and made again once it is cancelled
  const older = await placedDaysAgo(a, 5);
  const withOlder = await report();
  const fiveDaysAgo = shopDay(Date.now() - 5 * DAY_MS);
  expect(withOlder.days.find((day) => day.day === fiveDaysAgo)).toEqual({ day: fiveDaysAgo, orders: 1, revenue: a.total });
  expect(withOlder.bestSellers.map(({ productId, units }) => [productId, units])).toEqual([
    [rice, 5],
    [honey, 4],
  ]);
  expect(await db.collection('product_sales_days').countDocuments({ _id: fiveDaysAgo as never })).toBe(1);
  expect((await report()).bestSellers).toEqual(withOlder.bestSellers); // from the kept snapshot

  expect((await asAdmin(`/orderstatus/${older}`, { method: 'PUT', body: JSON.stringify({ status: 'cancelled' }) })).status).toBe(200);
  const afterCancel = await report();
  expect(afterCancel.days.find((day) => day.day === fiveDaysAgo)).toEqual({ day: fiveDaysAgo, orders: 1, revenue: 0 });
  expect(afterCancel.bestSellers).toEqual(now.bestSellers);
}, 60_000);

/** The rows of a CSV file (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') quoted = false;
    else if (quoted) cell += char;
    else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

it('exports the orders the filters find as CSV, streamed, every cell safe in a spreadsheet', async () => {
  const sharp = await placed([
    [honey, 1],
    [rice, 2],
  ]);
  const tricky = {
    name: '=HYPERLINK("http://evil.example","Click")',
    addinfo: 'Gate 2, "blue" door\nthird floor',
    email: `csv-${randomUUID().slice(0, 8)}@example.com`,
    phone: '01712345678',
    address: {
      district: 'Dhaka',
      area: 'Dhanmondi',
      road: 'Road 5, House 12',
      flat: '3B',
      landmark: '+near the lake',
      phone: '01812345678',
    },
    slot: '2026-12-08T14',
  };
  const trickyId = await placedDaysAgo(sharp, 0, tricky);

  const response = await asAdmin(`/allorders/export?q=${encodeURIComponent(tricky.email.toUpperCase())}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="bazar-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  // streamed as it is made: no length known beforehand
  expect(response.headers.get('transfer-encoding')).toBe('chunked');
  expect(response.headers.get('content-length')).toBeNull();
  // the bytes as sent: fetch's text() takes the byte order mark away
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  expect(text.startsWith('\uFEFFOrder,Placed (Bangladesh time),Status,')).toBe(true);
  const [header, ...rows] = csvRows(text.slice(1));
  expect(header).toHaveLength(18);
  expect(rows).toHaveLength(1);
  const cell = (name: string) => rows[0]![header!.indexOf(name)];
  expect(cell('Order')).toBe(trickyId);
  expect(cell('Name')).toBe(`'${tricky.name}`); // never a formula
  expect(cell('Note')).toBe(tricky.addinfo);
  expect(cell('Status')).toBe('confirmed');
  expect(cell('Units')).toBe('3');
  expect(cell('Items')).toMatch(/^1 x Report Honey .+; 2 x Report Rice .+$/);
  expect(cell('Total (BDT)')).toBe(sharp.total.toFixed(2));
  expect(cell('Delivery slot (Bangladesh time)')).toBe('2026-12-08 14:00-16:00');
  expect([cell('District'), cell('Area'), cell('Delivery phone')]).toEqual(['Dhaka', 'Dhanmondi', '01812345678']);
  expect(cell('Address')).toBe('Road 5, House 12, 3B, +near the lake'); // not a formula: it starts with "Road"
  expect(cell('Placed (Bangladesh time)')).toMatch(new RegExp(`^${shopDay(Date.now())} \\d{2}:\\d{2}:\\d{2}$`));

  // the status filter, as the Orders page's: today's confirmed orders are this test's two and the
  // first test's two, and no cancelled one
  const confirmed = csvRows((await (await asAdmin(`/allorders/export?status=confirmed&from=${shopDay(Date.now())}`)).text()).slice(1));
  expect(
    confirmed
      .slice(1)
      .map((row) => row[0])
      .sort(),
  ).toEqual(
    ((await (await asAdmin(`/allorders?status=confirmed&from=${shopDay(Date.now())}&pageSize=50`)).json()) as { orders: Order[] }).orders
      .map((order) => order._id)
      .sort(),
  );
  expect(confirmed.slice(1).every((row) => row[2] === 'confirmed')).toBe(true);
  expect(confirmed.length - 1).toBe(4);
  // a day with no orders: the header alone
  expect(csvRows((await (await asAdmin('/allorders/export?from=2001-01-01&to=2001-01-02')).text()).slice(1))).toHaveLength(1);
  // refused filters say why
  const refused = await asAdmin('/allorders/export?status=lost');
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({ error: expect.stringContaining('status'), code: 'invalid-request' });
}, 60_000);

// The admin's order list and summary as orders pile up: the list (no filter, one status, the last
// seven days, a phone, an email) and the summary, each timed BENCH_ROUNDS times, and a shopper's My
// Orders on the seeded database, first on the stack's
// order service with the orders it has, then on an order service of its own (this build) on a
// database of its own, seeded with BENCH_ORDERS orders written as the store writes them (lines,
// history, an emptied outbox) over the last 60 days; that database is dropped at the end. The stack's
// own orders are left alone. On the seeded orders it also asks the list's and the summary's questions
// as ordinary indexed queries, straight to the database, beside the read model's answers (each
// against that answer's median). With BENCH_QUERIES_ONLY=1 it asks only those, of its seeded
// database at MONGO_URL: no service of the stack's or its own is asked (a FerretDB of one's own
// then measures alone). Usage: node --import tsx bench/admin-orders/run.ts
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ORDER_STEPS, OrderList, OrderPage, OrderSummary, type OrderStatus } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { adminIdentity, identityOf } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { searchTextOf, searchWords } from '../../services/order/src/admin-order-list';
import { emitFigures, type Figure } from '../figures';

const bounded = (name: string, fallback: number, max: number) =>
  Math.min(Math.max(Number(process.env[name] ?? fallback) || fallback, 1), max);
const ORDERS = bounded('BENCH_ORDERS', 5_000, 50_000);
const ROUNDS = bounded('BENCH_ROUNDS', 3, 20);
/** an ordinary query reads far more than the read model: fewer rounds of it by default */
const QUERY_ROUNDS = bounded('BENCH_QUERY_ROUNDS', 3, 20);
const QUERIES_ONLY = process.env.BENCH_QUERIES_ONLY === '1';
const PORT = 4019;
const DB = 'order_bench';
/** the admin page asks each of these on opening or filtering */
const SLOW_MS = 1_000;
/** My Orders reads the shopper's few orders by id: what it takes must not grow with the store's
 *  orders (reading every order took about 85 µs an order stored, 1.8 s at 20,000). */
const MY_ORDERS_MS = 100;

/** A seeded shopper's My Orders, timed ROUNDS times: the median, in ms. */
async function myOrders(where: string, orderUrl: string, userId: string): Promise<Figure> {
  const times: number[] = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const { ms, body } = await timed(`${orderUrl}/myorders`, identityOf({ id: userId, email: `${userId}@example.com` }));
    times.push(ms);
    found = OrderList.parse(body).length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`${where} My Orders: median ${median.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms, ${found} found`);
  return {
    bench: 'admin-orders',
    name: `${where}: a shopper's My Orders (median)`,
    value: Math.round(median),
    unit: 'ms',
    target: { on: 'value', op: '<=', limit: MY_ORDERS_MS },
  };
}

const DAY_MS = 24 * 60 * 60_000;
const dhakaDay = (at: number) => new Date(at + 6 * 3_600_000).toISOString().slice(0, 10);

async function timed(url: string, headers: Record<string, string> = adminIdentity): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(120_000) });
  const body = (await response.json()) as unknown;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** Each question the admin page asks, timed ROUNDS times: the median and the slowest, in ms. */
async function measure(where: string, orderUrl: string, search: { phone: string; email: string }): Promise<Figure[]> {
  const today = dhakaDay(Date.now());
  const questions: [string, string][] = [
    ['list', '/allorders'],
    ['list delivered', '/allorders?status=delivered'],
    ['list last 7 days', `/allorders?from=${dhakaDay(Date.now() - 6 * DAY_MS)}&to=${today}`],
    ['search phone', `/allorders?q=${encodeURIComponent(search.phone)}`],
    ['search email', `/allorders?q=${encodeURIComponent(search.email)}`],
    ['summary', '/ordersummary'],
  ];
  const figures: Figure[] = [];
  for (const [name, path] of questions) {
    const times: number[] = [];
    let total: number | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const { ms, body } = await timed(`${orderUrl}${path}`);
      times.push(ms);
      if (path === '/ordersummary') OrderSummary.parse(body);
      else total = OrderPage.parse(body).total;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${where} ${name}: median ${median.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms${total === undefined ? '' : `, ${total} found`}`,
    );
    figures.push({
      bench: 'admin-orders',
      name: `${where}: ${name} (median)`,
      value: Math.round(median),
      unit: 'ms',
      target: { on: 'value', op: '<=', limit: SLOW_MS },
    });
  }
  return figures;
}

const PAGE_SIZE = 20;
/** a listed order's fields: a page's, and what the revenue of some days reads */
const TOTALS = { createdAt: 1, status: 1, totalPaisa: 1 } as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
const dhakaDayStart = (daysAgo: number) => new Date(`${dhakaDay(Date.now() - daysAgo * DAY_MS)}T00:00:00+06:00`);

/**
 * The Orders page's questions as ordinary queries of the orders, through the indexes a plain
 * design would give them ({ status, createdAt, _id }, { createdAt, _id } and { searchText }): a page
 * newest first and its total, asked together as a service would, a search as a literal in the
 * order's searchText (admin-order-list.ts: its email lower-cased, its phone and its id); the
 * summary as a count per status and today's orders. Asked of the database directly, so they leave out the service's own time, which the read
 * model's figures include. `readModel` is measure()'s figures, each question's baseline.
 */
async function ordinaryQueries(
  orders: mongoose.mongo.Collection,
  search: { phone: string; email: string },
  readModel: Figure[],
): Promise<Figure[]> {
  await orders.createIndex({ status: 1, createdAt: -1, _id: -1 });
  await orders.createIndex({ createdAt: -1, _id: -1 });
  await orders.createIndex({ searchText: 1 });
  const listed = { status: { $ne: 'placing' } };
  // the service's search: of its conditions, the one that finds (an email's words, or a phone's digits)
  const searching = (words: string) => ({
    ...listed,
    searchText: { $regex: searchWords(words)[words.includes('@') ? 0 : 1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') },
  });
  const page = (filter: object) => () =>
    Promise.all([orders.find(filter).sort(NEWEST_FIRST).limit(PAGE_SIZE).project(TOTALS).toArray(), orders.countDocuments(filter)]);
  const questions: [string, () => Promise<unknown>, object?][] = [
    ['list', page(listed), listed],
    ['list delivered', page({ status: 'delivered' }), { status: 'delivered' }],
    ['list last 7 days', page({ ...listed, createdAt: { $gte: dhakaDayStart(6) } }), { ...listed, createdAt: { $gte: dhakaDayStart(6) } }],
    ['search phone', page(searching(search.phone)), searching(search.phone)],
    ['search email', page(searching(search.email)), searching(search.email)],
    [
      'summary',
      () =>
        Promise.all([
          ...STATUSES.map(([status]) => orders.countDocuments({ status })),
          orders
            .find({ ...listed, createdAt: { $gte: dhakaDayStart(0) } })
            .project({ status: 1, totalPaisa: 1 })
            .toArray(),
        ]),
    ],
    // the summary's today holds as many orders as the hour of Dhaka's day: the last 7 days' totals
    // read several thousand of them whatever the hour
    [
      'totals last 7 days',
      () =>
        orders
          .find({ ...listed, createdAt: { $gte: dhakaDayStart(6) } })
          .project(TOTALS)
          .toArray(),
      { ...listed, createdAt: { $gte: dhakaDayStart(6) } },
    ],
  ];
  const figures: Figure[] = [];
  for (const [name, ask, explained] of questions) {
    const times: number[] = [];
    for (let round = 0; round < QUERY_ROUNDS; round++) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    // what the database did of the page's query itself (MongoDB: the winning plan; FerretDB: what it handed SQLite)
    const plan =
      explained &&
      ((await orders.find(explained).sort(NEWEST_FIRST).limit(PAGE_SIZE).project(TOTALS).explain()) as Record<string, unknown>);
    const pushed = plan && ['filterPushdown', 'sortPushdown', 'limitPushdown', 'projectionPushdown'].filter((flag) => plan[flag] === true);
    console.log(
      `${ORDERS} orders, ordinary query, ${name}: median ${median.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms` +
        (pushed ? `; handed to the database: ${pushed.join(', ') || 'nothing'}` : ''),
    );
    const baseline = readModel.find((figure) => figure.name === `${ORDERS} orders: ${name} (median)`);
    figures.push({
      bench: 'admin-orders',
      name: `${ORDERS} orders: ${name} as an ordinary query (median)`,
      value: Math.round(median),
      unit: 'ms',
      ...(baseline && { baseline: { name: baseline.name, value: baseline.value } }),
    });
  }
  return figures;
}

const STATUSES: [OrderStatus, number][] = [
  ['delivered', 0.6],
  ['cancelled', 0.15],
  ['confirmed', 0.08],
  ['packed', 0.05],
  ['out-for-delivery', 0.05],
  ['placed', 0.07],
];
const GROCERIES = [
  'Miniket Rice 5 kg',
  'Soybean Oil 2 L',
  'Red Lentils 1 kg',
  'Fresh Carrot',
  'Potato 3 kg',
  'Onion 2 kg',
  'Eggs 12',
  'Sugar 1 kg',
];
const phoneOf = (i: number) => `017${String(10_000_000 + i).slice(-8)}`;
const emailOf = (i: number) => `shopper${i}@example.com`;
/** 997 shoppers, each with a few of the orders */
const shopperOf = (i: number) => `seeded-${i % 997}`;

function statusAt(roll: number): OrderStatus {
  for (const [status, share] of STATUSES) if ((roll -= share) < 0) return status;
  return 'delivered';
}

/** An order as the order service leaves it once its events are sent: `status` reached step by step. */
function seededOrder(i: number) {
  const placedAt = Date.now() - randomInt(60 * 24 * 60) * 60_000;
  const status = statusAt(Math.random());
  const path: OrderStatus[] = status === 'cancelled' ? ['placed', 'cancelled'] : ORDER_STEPS.slice(0, ORDER_STEPS.indexOf(status) + 1);
  const items = Array.from({ length: 1 + randomInt(8) }, (_, line) => ({
    productId: new mongoose.Types.ObjectId().toString(),
    name: GROCERIES[(i + line) % GROCERIES.length]!,
    img: '/media/seeded.webp',
    unitPricePaisa: 2_000 + randomInt(60_000),
    quantity: 1 + randomInt(4),
  }));
  const subtotal = items.reduce((sum, item) => sum + item.unitPricePaisa * item.quantity, 0);
  const vat = Math.round(subtotal * 0.05);
  const order = {
    _id: new mongoose.Types.ObjectId(),
    userId: shopperOf(i),
    email: emailOf(i),
    name: `Seeded Shopper ${i}`,
    phone: phoneOf(i),
    addinfo: `House ${i % 90}, Road ${i % 17}, Dhanmondi, Dhaka`,
    items,
    subtotalPaisa: subtotal,
    vatPaisa: vat,
    deliveryPaisa: 7_000,
    totalPaisa: subtotal + vat + 7_000,
    status,
    history: path.map((step, at) => ({ status: step, at: new Date(placedAt + at * 3_600_000), by: at === 0 ? 'shopper' : 'admin' })),
    reservationId: new mongoose.Types.ObjectId().toString(),
    cartState: `seeded ${i}`,
    requestHash: 'seeded',
    outbox: {},
    outboxPending: [],
    createdAt: new Date(placedAt),
    updatedAt: new Date(placedAt + (path.length - 1) * 3_600_000),
  };
  // what the order service's search reads, as it writes it when an order is placed
  return { ...order, searchText: searchTextOf(order) };
}

/** The order service's build (services/<BENCH_ORDER_SERVICE>/dist, to compare builds) on the bench's
 *  database, with the stack's neighbours, broker and Redis. */
async function startOrderService() {
  const main = join(__dirname, '../../services', process.env.BENCH_ORDER_SERVICE ?? 'order', 'dist', 'main.js');
  const env = {
    PATH: process.env.PATH,
    PORT: String(PORT),
    MONGO_URL: stackEnv.mongoUrl,
    MONGO_DB: DB,
    KAFKA_BROKERS: stackEnv.kafkaBrokers.join(','),
    REDIS_URL: stackEnv.redisUrl,
    CATALOG_URL: stackEnv.catalogUrl,
    CART_URL: stackEnv.cartUrl,
    // the identities the bench's requests carry, signed as the gateway signs them
    BAZAR_IDENTITY_VERIFY_KEY: stackEnv.identityVerifyKey,
    BAZAR_SERVICE_VERIFY_KEY: stackEnv.serviceVerifyKey,
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${PORT}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  for (const giveUpAt = Date.now() + 30_000; Date.now() < giveUpAt; await sleep(200)) {
    if ((await fetch(`${url}/ready`).catch(() => undefined))?.status === 200) return { url, stop };
  }
  await stop();
  throw new Error('the bench’s order service did not get ready in 30 s');
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  if (QUERIES_ONLY) return queriesOnly(figures);
  const first = OrderPage.parse((await timed(`${stackEnv.orderUrl}/allorders?pageSize=1`)).body);
  const stackOrder = first.orders[0];
  console.log(`the stack's order service has ${first.total} orders`);
  figures.push(
    ...(await measure(`${first.total} orders`, stackEnv.orderUrl, {
      phone: stackOrder?.phone || '01712345678',
      email: stackOrder?.email ?? 'nobody@bazar.test',
    })),
  );

  const bench = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  try {
    await seed(bench);

    const started = performance.now();
    const replica = await startOrderService();
    try {
      // a service that keeps read models of its orders builds them when it starts: wait for all of
      // them, the admin's list and the shoppers' (the middle shopper's orders all named)
      const middle = Math.floor(ORDERS / 2);
      const theirs = Math.min(Array.from({ length: ORDERS }, (_, i) => shopperOf(i)).filter((id) => id === shopperOf(middle)).length, 50);
      const shopper = identityOf({ id: shopperOf(middle), email: emailOf(middle) });
      let listed = 0;
      while (performance.now() - started < 600_000) {
        listed = OrderPage.parse((await timed(`${replica.url}/allorders?pageSize=1`)).body).total;
        const named = OrderList.parse((await timed(`${replica.url}/myorders`, shopper)).body).length;
        if (listed >= ORDERS && named >= theirs) break;
        await sleep(1_000);
      }
      const readyS = (performance.now() - started) / 1000;
      console.log(`the bench's order service lists ${listed} orders ${readyS.toFixed(1)} s after it started`);
      figures.push({ bench: 'admin-orders', name: `${ORDERS} orders: all listed after start`, value: Math.round(readyS), unit: 's' });
      const search = { phone: phoneOf(middle), email: emailOf(middle) };
      const readModel = await measure(`${ORDERS} orders`, replica.url, search);
      figures.push(...readModel);
      figures.push(await myOrders(`${ORDERS} orders`, replica.url, shopperOf(middle)));
      figures.push(...(await ordinaryQueries(bench.collection('orders'), search, readModel)));
    } finally {
      await replica.stop();
    }
  } finally {
    await bench.dropDatabase();
    await bench.close();
  }
  emitFigures(figures);
}

/** The ordinary queries alone, of a database seeded for them and dropped after. */
async function queriesOnly(figures: Figure[]): Promise<void> {
  const bench = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: DB }).asPromise();
  try {
    await seed(bench);
    const middle = Math.floor(ORDERS / 2);
    figures.push(...(await ordinaryQueries(bench.collection('orders'), { phone: phoneOf(middle), email: emailOf(middle) }, [])));
  } finally {
    await bench.dropDatabase();
    await bench.close();
  }
  emitFigures(figures);
}

async function seed(bench: mongoose.Connection): Promise<void> {
  await bench.dropDatabase();
  const seedStarted = performance.now();
  for (let from = 0; from < ORDERS; from += 500)
    await bench
      .collection('orders')
      .insertMany(Array.from({ length: Math.min(500, ORDERS - from) }, (_, k) => seededOrder(from + k)) as never[]);
  console.log(`seeded ${ORDERS} orders in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

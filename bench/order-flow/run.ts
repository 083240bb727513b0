// Sustained order placement through the gateway, on loopback: fresh shoppers each add a product to
// the cart and place the order (each from its own X-Forwarded-For address), at a fixed rate. For
// every accepted order it measures the time from the POST /orderplace answer to the OrderPlaced
// event on the topic (a consumer in a bench group) and to the shopper's cart being empty (the cart
// service polled every 10 ms), and checks that orders, events and cleared carts are equal and the
// catalog's stock fell by the units ordered. Baseline, same run: a bare Kafka round trip (acks all,
// the same 100 ms fetch wait as the services) on a temporary topic.
// Usage: node --import tsx bench/order-flow/run.ts   (the stack must be up; see README.md)
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CartLineList, IDENTITY_HEADERS, OrderPlaced, PlaceOrderAnswer, TOPICS } from '@bazar/contracts';
import { createAccount, signIn, stackEnv } from '@bazar/testing';
import { emitFigures } from '../figures';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import mongoose from 'mongoose';
import { call } from '../../gateway/test/accounts';
import { TestShelf } from '../../services/order/test/shop';

const bounded = (name: string, fallback: number, max: number) =>
  Math.min(Math.max(Number(process.env[name] ?? fallback) || fallback, 1), max);
const RATE = bounded('BENCH_RATE', 20, 50); // orders per second
const DURATION_S = bounded('BENCH_DURATION', 60, 300);
// each order is two writes; a shopper may make 60 a minute, so keep each under 48
const SHOPPERS = bounded('BENCH_SHOPPERS', Math.ceil((RATE * 60 * 2) / 48), 200);
const CART_URL = process.env.CART_URL ?? 'http://127.0.0.1:4002';
/** How often a waiting order looks at its cart: every 25 ms while the wait is near the 150 ms
 *  target, then less often the longer it waits (up to every 500 ms, so a figure is off by under a
 *  tenth). Polling every order in flight at 25 ms became the load on the cart service once the store
 *  fell behind: 2,400 reads a second, queued before the consumer that empties the carts. */
const POLL_MS = 25;
const pollDelay = (waitedMs: number) => Math.min(POLL_MS * Math.max(1, waitedMs / 300), 500);
/** Storefront tokens live 60 s: a shopper signs in again before theirs runs out. */
const TOKEN_REFRESH_MS = 40_000;
const CLEAR_TIMEOUT_MS = 15_000;
const TARGET_P95_MS = 150;
const run = randomUUID().slice(0, 8);
const kafka = new Kafka({ clientId: `bench-order-flow-${run}`, brokers: stackEnv.kafkaBrokers, logLevel: logLevel.NOTHING });

interface Shopper {
  email: string;
  password: string;
  token: string;
  signedInAt: number;
  address: string;
  identity: Record<string, string>;
}

interface Timing {
  /** when POST /orderplace was sent: the cart-empty latency counts from here */
  postedAt: number;
  answeredAt: number;
  eventAt?: number;
  clearedAt?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
};
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const row = (title: string, values: number[]) => {
  const s = summary(values);
  return `${title.padEnd(44)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  (n=${s.n})`;
};

/** A consumer in a group of its own, joined and positioned at the end of `topic` before it resolves. */
async function joinedConsumer(topic: string, onMessage: (value: string, at: number) => void): Promise<Consumer> {
  const consumer = kafka.consumer({ groupId: `bench-order-flow-${run}-${topic}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: false });
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.run({ eachMessage: async ({ message }) => onMessage(message.value?.toString() ?? '', performance.now()) });
  await joined;
  await sleep(1_000); // its first fetch resolves the starting offsets
  return consumer;
}

/** The floor of any event-driven path here: produce (acks all) to a consumer with a 100 ms fetch wait. */
async function kafkaRoundTrip(): Promise<number[]> {
  const topic = `bench-order-flow-${run}`;
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const consumer = await joinedConsumer(topic, (value, at) => {
    const sent = sentAt.get(value);
    if (sent !== undefined) latencies.push(at - sent);
  });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const count = Math.min(RATE * 5, 200);
  for (let i = 0; i < count; i++) {
    const value = randomUUID();
    sentAt.set(value, performance.now());
    await producer.send({ topic, acks: -1, messages: [{ key: value, value }] });
    await sleep(1_000 / RATE);
  }
  const deadline = Date.now() + 5_000;
  while (latencies.length < count && Date.now() < deadline) await sleep(50);
  await producer.disconnect();
  await consumer.disconnect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
  return latencies;
}

async function makeShoppers(): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, SHOPPERS - i) }, async () => {
        const { email, password } = await createAccount('bench');
        return { email, password, token: await signIn(email, password), signedInAt: Date.now() };
      }),
    );
    for (const account of batch) {
      const n = shoppers.length;
      shoppers.push({
        ...account,
        address: `198.19.${Math.floor(n / 250)}.${(n % 250) + 1}`, // benchmark range, a header value only
        identity: { [IDENTITY_HEADERS.id]: randomUUID(), [IDENTITY_HEADERS.email]: account.email },
      });
    }
  }
  return shoppers;
}

/** The run's orders go, so that other users of the shared store do not read past thousands of them. */
async function forgetOrders(emails: string[]): Promise<void> {
  const orders = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'order' }).asPromise();
  await orders.collection('orders').deleteMany({ email: { $in: emails } });
  await orders.close();
}

async function freshToken(shopper: Shopper): Promise<string> {
  if (Date.now() - shopper.signedInAt > TOKEN_REFRESH_MS) {
    shopper.token = await signIn(shopper.email, shopper.password);
    shopper.signedInAt = Date.now();
  }
  return shopper.token;
}

async function cartIsEmpty(shopper: Shopper): Promise<boolean> {
  const response = await fetch(`${CART_URL}/myallcart/${shopper.email}`, { headers: shopper.identity });
  return CartLineList.parse(await response.json()).length === 0;
}

async function main(): Promise<void> {
  console.log(`order flow: ${RATE} orders/s for ${DURATION_S} s by ${SHOPPERS} fresh shoppers, through ${stackEnv.gatewayUrl}\n`);
  const shelf = new TestShelf();
  const timings = new Map<string, Timing>();
  const refused = new Map<number, number>();
  let skipped = 0;
  let notCleared = 0;
  /** when each order's event arrived: it may come before the bench has read the order's answer */
  const eventArrivals = new Map<string, number>();
  let events: Consumer | undefined;
  let shoppers: Shopper[] = [];
  try {
    const product = await shelf.stock('Order-flow bench rice', 50, 100_000);
    const stockBefore = await shelf.stockOf(product);
    shoppers = await makeShoppers();
    console.log(`set up: ${shoppers.length} shoppers, product stock ${stockBefore}`);

    const baseline = await kafkaRoundTrip();
    events = await joinedConsumer(TOPICS.orderPlaced, (value, at) => {
      const parsed = OrderPlaced.safeParse(JSON.parse(value));
      if (parsed.success && !eventArrivals.has(parsed.data.payload.orderId)) eventArrivals.set(parsed.data.payload.orderId, at);
    });

    const idle = [...shoppers];
    const placeLatencies: number[] = [];
    const inFlight = new Set<Promise<void>>();
    const order = async (shopper: Shopper) => {
      const from = { 'x-forwarded-for': shopper.address };
      try {
        const token = await freshToken(shopper);
        const added = await call('POST', '/addtocart', token, { productId: product, cartQuantity: 1 }, from);
        if (added.status !== 201) return void refused.set(added.status, (refused.get(added.status) ?? 0) + 1);
        const started = performance.now();
        const body = { name: 'Bench Shopper', email: shopper.email, mycart: [] };
        const placed = await call('POST', '/orderplace', token, body, { ...from, 'idempotency-key': `bench-${randomUUID()}` });
        const answeredAt = performance.now();
        if (placed.status !== 201) return void refused.set(placed.status, (refused.get(placed.status) ?? 0) + 1);
        placeLatencies.push(answeredAt - started);
        const timing: Timing = { postedAt: started, answeredAt };
        timings.set(PlaceOrderAnswer.parse(placed.body).insertedId, timing);
        while (performance.now() - answeredAt < CLEAR_TIMEOUT_MS) {
          if (await cartIsEmpty(shopper)) {
            timing.clearedAt = performance.now();
            return;
          }
          await sleep(pollDelay(performance.now() - answeredAt));
        }
        notCleared++;
      } finally {
        idle.push(shopper);
      }
    };

    const start = performance.now();
    for (let i = 0; i < RATE * DURATION_S; i++) {
      const due = start + (i * 1_000) / RATE;
      if (due > performance.now()) await sleep(due - performance.now());
      const shopper = idle.shift();
      if (!shopper) {
        skipped++;
        continue;
      }
      const flight: Promise<void> = order(shopper).finally(() => inFlight.delete(flight));
      inFlight.add(flight);
    }
    const loadSeconds = (performance.now() - start) / 1_000;
    await Promise.all(inFlight);

    const accepted = timings.size;
    const unitsOrdered = accepted;
    // the catalog applies the same events; give it the time the carts had
    let stockAfter = await shelf.stockOf(product);
    for (let waited = 0; stockBefore - stockAfter < unitsOrdered && waited < CLEAR_TIMEOUT_MS; waited += 200) {
      await sleep(200);
      stockAfter = await shelf.stockOf(product);
    }
    const eventsSeen = () => [...timings.keys()].filter((orderId) => eventArrivals.has(orderId)).length;
    for (let waited = 0; eventsSeen() < accepted && waited < CLEAR_TIMEOUT_MS; waited += 200) await sleep(200);
    for (const [orderId, timing] of timings) timing.eventAt = eventArrivals.get(orderId);
    const done = [...timings.values()];
    const cleared = done.filter((t) => t.clearedAt !== undefined);

    console.log(`load: ${accepted} orders in ${loadSeconds.toFixed(1)} s (${(accepted / loadSeconds).toFixed(1)}/s)\n`);
    console.log(row('baseline: bare Kafka produce -> consume', baseline));
    console.log(row('POST /orderplace through the gateway', placeLatencies));
    console.log(
      row(
        'order answer -> OrderPlaced seen on topic',
        done.flatMap((t) => (t.eventAt === undefined ? [] : [t.eventAt - t.answeredAt])),
      ),
    );
    console.log(
      row(
        'POST /orderplace -> cart empty',
        cleared.map((t) => t.clearedAt! - t.postedAt),
      ),
    );
    const p95 = summary(cleared.map((t) => t.clearedAt! - t.postedAt)).p95;
    const baselineP95 = summary(baseline).p95;
    console.log(`\ncart-empty p95 / bare Kafka p95: ${(p95 / baselineP95).toFixed(2)}`);
    console.log(`cart-empty p95 ${p95.toFixed(1)} ms (target <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'ok' : 'MISSED'})`);

    const equal = accepted === eventsSeen() && accepted === cleared.length;
    console.log(
      `\norders accepted ${accepted}, OrderPlaced events seen ${eventsSeen()}, carts cleared ${cleared.length}: ${equal ? 'equal' : 'NOT EQUAL'}`,
    );
    console.log(
      `stock drop ${stockBefore - stockAfter}, units ordered ${unitsOrdered}: ${stockBefore - stockAfter === unitsOrdered ? 'equal' : 'NOT EQUAL'}`,
    );
    if (skipped + notCleared + refused.size > 0) {
      console.log(
        `not counted: ${skipped} ticks with no idle shopper, ${notCleared} carts not empty within ${CLEAR_TIMEOUT_MS / 1_000} s, refusals ${JSON.stringify(Object.fromEntries(refused))}`,
      );
    }
    const placeP95 = summary(placeLatencies).p95;
    emitFigures([
      {
        bench: 'order-flow',
        name: 'POST /orderplace -> cart empty p95',
        value: p95,
        unit: 'ms',
        baseline: { name: 'bare Kafka round trip p95', value: baselineP95 },
        target: { on: 'value', op: '<=', limit: TARGET_P95_MS },
      },
      { bench: 'order-flow', name: 'POST /orderplace p95', value: placeP95, unit: 'ms' },
      {
        bench: 'order-flow',
        name: 'orders accepted = events seen = carts cleared',
        value: equal ? 1 : 0,
        unit: '(1 = equal)',
        target: { on: 'value', op: '>=', limit: 1 },
      },
      { bench: 'order-flow', name: 'orders accepted', value: accepted, unit: 'orders' },
    ]);
    if (!equal || stockBefore - stockAfter !== unitsOrdered) process.exitCode = 1;
  } finally {
    await events?.disconnect();
    await shelf.clear();
    await forgetOrders(shoppers.map((s) => s.email));
  }
}

main().catch((err: unknown) => {
  console.error(`order-flow bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

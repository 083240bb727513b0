// Sustained order placement through the gateway, on loopback: fresh shoppers each add a product to
// the cart and place the order (each from its own X-Forwarded-For address), at a fixed rate, after a
// warm-up at the same rate that is not counted. For every accepted order it measures the time from
// the POST /orderplace answer to the OrderPlaced event on the topic (a consumer in a bench group) and
// to the shopper's cart being empty (the cart service's consumer committed past the event, then the
// cart read once to see it empty; see CartConsumerProgress), and checks that orders, events and
// cleared carts are equal and the catalog's stock fell by the units ordered. Baseline, same run: a
// bare Kafka round trip (acks all) on a temporary topic.
// Usage: node --import tsx bench/order-flow/run.ts   (the stack must be up; see README.md)
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CartLineList, IDENTITY_HEADERS, OrderPlaced, PlaceOrderAnswer, TOPICS } from '@bazar/contracts';
import { consumerGroupId } from '@bazar/service-kit';
import { createAccount, refreshSignIn, signInForTokens, stackEnv, type StorefrontTokens } from '@bazar/testing';
import { emitFigures } from '../figures';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import mongoose from 'mongoose';
import { request } from 'undici';
import { call } from '../../gateway/test/accounts';
import { TestShelf } from '../../services/order/test/shop';

const bounded = (name: string, fallback: number, max: number) =>
  Math.min(Math.max(Number(process.env[name] ?? fallback) || fallback, 1), max);
const RATE = bounded('BENCH_RATE', 20, 50); // orders per second
const DURATION_S = bounded('BENCH_DURATION', 60, 300);
/** Seconds of the same load before the measured ones, not counted: the services' code is compiled by
 *  V8 as it runs, and on a freshly started stack the first seconds were slow enough to leave a queue
 *  that took half a minute to drain at this rate. Their orders are still checked for stock. */
const WARMUP_S = bounded('BENCH_WARMUP', 10, 60);
// each order is two writes; a shopper may make 60 a minute, so keep each under 48
const SHOPPERS = bounded('BENCH_SHOPPERS', Math.ceil((RATE * 60 * 2) / 48), 200);
const CART_URL = process.env.CART_URL ?? 'http://127.0.0.1:4002';
/** When the cart service's progress does not show an order's cart emptied (its event not seen, or
 *  the cart not empty when read), the cart is read until it is: every 10 ms while the wait is near
 *  the 150 ms target, then less often the longer it waits (up to every 500 ms, so a figure is off
 *  by under a tenth). */
const POLL_MS = 10;
const pollDelay = (waitedMs: number) => Math.min(POLL_MS * Math.max(1, waitedMs / 120), 500);
/** Storefront tokens live 60 s: a shopper's are refreshed before they run out, as keycloak-js does,
 *  each at its own moment 30 to 45 s after the last sign-in or refresh. The bench signs every
 *  shopper in within seconds, which no crowd of shoppers does; refreshing them all at the same
 *  40 s put 50 refreshes into one second of the run. */
const refreshDue = () => Date.now() + 30_000 + Math.random() * 15_000;
const CLEAR_TIMEOUT_MS = 15_000;
const TARGET_P95_MS = 150;
const run = randomUUID().slice(0, 8);
const kafka = new Kafka({ clientId: `bench-order-flow-${run}`, brokers: stackEnv.kafkaBrokers, logLevel: logLevel.NOTHING });

interface Shopper {
  email: string;
  tokens: StorefrontTokens;
  refreshAt: number;
  address: string;
  identity: Record<string, string>;
}

/** What one phase of the run (warm-up, measured) records. */
interface Tally {
  timings: Map<string, Timing>;
  placeLatencies: number[];
  refused: Map<number, number>;
  skipped: number;
  notCleared: number;
}
const newTally = (): Tally => ({ timings: new Map(), placeLatencies: [], refused: new Map(), skipped: 0, notCleared: 0 });

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

/** Where a message sits on its topic. */
interface Position {
  partition: number;
  offset: bigint;
}

/** A consumer in a group of its own, joined and positioned at the end of `topic` before it resolves. */
async function joinedConsumer(topic: string, onMessage: (value: string, at: number, position: Position) => void): Promise<Consumer> {
  const consumer = kafka.consumer({ groupId: `bench-order-flow-${run}-${topic}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: false });
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.run({
    eachMessage: async ({ partition, message }) =>
      onMessage(message.value?.toString() ?? '', performance.now(), { partition, offset: BigInt(message.offset) }),
  });
  await joined;
  await sleep(1_000); // its first fetch resolves the starting offsets
  return consumer;
}

/** The floor of any event-driven path here: produce (acks all) to a consumer. */
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

/** The cart service's progress on order-placed, as Kafka records it. The cart's consumer commits an
 *  event's offset only after the event has emptied the cart, so an order's cart is empty by the time
 *  its partition's committed offset passes the event. Kafka keeps every commit as a record of
 *  `__consumer_offsets`, which this reads as a consumer (committing nothing itself, or it would read
 *  its own commits): each cart commit arrives as it is made, without asking. Reading each waiting
 *  cart until it was empty became the cart service's main load once the store fell behind, and
 *  asking Kafka for the group's offsets every 10 ms cost a fifth of a core between the broker and
 *  the bench. Each cart is still read once after, to see that it is empty. */
const OFFSETS_TOPIC = '__consumer_offsets';
/** Java's String.hashCode and Math.abs (Kafka's Utils.abs: the lowest int is 0), as Kafka uses them
 *  to place a group's commits. */
const javaHashCode = (text: string) => [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 0);
const javaAbs = (n: number) => (n === -2_147_483_648 ? 0 : Math.abs(n));

class CartConsumerProgress {
  private readonly consumer = kafka.consumer({ groupId: `bench-order-flow-${run}-commits`, maxWaitTimeInMs: 1_000 });
  private readonly groupId = consumerGroupId('cart', TOPICS.orderPlaced);
  private readonly committed = new Map<number, bigint>();
  private readonly waiting = new Set<{ position: Position; resolve: () => void }>();

  async start(): Promise<void> {
    const admin = kafka.admin();
    await admin.connect();
    const [offsetsTopic] = (await admin.fetchTopicMetadata({ topics: [OFFSETS_TOPIC] })).topics;
    await admin.disconnect();
    const partitions = offsetsTopic?.partitions.map(({ partitionId }) => partitionId) ?? [];
    // Kafka keeps a group's commits in one partition: |hashCode of the group id| modulo the count
    const cartPartition = javaAbs(javaHashCode(this.groupId)) % partitions.length;

    await this.consumer.connect();
    await this.consumer.subscribe({ topic: OFFSETS_TOPIC, fromBeginning: false });
    const joined = new Promise<void>((resolve) => this.consumer.on(this.consumer.events.GROUP_JOIN, () => resolve()));
    await this.consumer.run({ autoCommit: false, eachMessage: async ({ message }) => this.take(message.key, message.value) });
    await joined;
    // fetching the other partitions, every other group's commits, was most of the bench's own CPU
    this.consumer.pause([{ topic: OFFSETS_TOPIC, partitions: partitions.filter((partition) => partition !== cartPartition) }]);
    await sleep(1_000); // its first fetch resolves the starting offsets
  }

  /** Resolves true once the cart service has committed past `position`, false after `timeoutMs`. */
  passed(position: Position, timeoutMs: number): Promise<boolean> {
    if (this.isPast(position)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve: () => resolve(true) };
      this.waiting.add(waiter);
      setTimeout(() => this.waiting.delete(waiter) && resolve(false), timeoutMs);
    });
  }

  stop(): Promise<void> {
    return this.consumer.disconnect();
  }

  private isPast({ partition, offset }: Position): boolean {
    return (this.committed.get(partition) ?? -1n) > offset;
  }

  /** An offset commit record: key (version 0 or 1) group, topic and partition; value (any version)
   *  the offset right after the version. Other records (group metadata, deletions) are skipped. */
  private take(key: Buffer | null, value: Buffer | null): void {
    if (!key || !value || key.readInt16BE(0) > 1) return;
    let at = 2;
    const text = () => {
      const length = key.readInt16BE(at);
      const read = key.toString('utf8', at + 2, at + 2 + length);
      at += 2 + length;
      return read;
    };
    if (text() !== this.groupId || text() !== TOPICS.orderPlaced) return;
    this.committed.set(key.readInt32BE(at), value.readBigInt64BE(2));
    for (const waiter of this.waiting) {
      if (!this.isPast(waiter.position)) continue;
      this.waiting.delete(waiter);
      waiter.resolve();
    }
  }
}

/** Fresh shoppers, each signed in and synced as the storefront does at sign-in (PUT /users). */
async function makeShoppers(): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, SHOPPERS - i) }, async (_, j) => {
        const n = i + j;
        const address = `198.19.${Math.floor(n / 250)}.${(n % 250) + 1}`; // benchmark range, a header value only
        const { email, password } = await createAccount('bench');
        const tokens = await signInForTokens(email, password);
        const synced = await call('PUT', `/users/${encodeURIComponent(email)}`, tokens.accessToken, {}, { 'x-forwarded-for': address });
        if (synced.status >= 300) throw new Error(`sync of ${email} answered ${synced.status}`);
        return {
          email,
          tokens,
          refreshAt: refreshDue(),
          address,
          identity: { [IDENTITY_HEADERS.id]: randomUUID(), [IDENTITY_HEADERS.email]: email },
        };
      }),
    );
    shoppers.push(...batch);
  }
  return shoppers;
}

/** The run's orders and user records go, so that other users of the shared store do not read past
 *  thousands of them (FerretDB on SQLite reads a whole collection for any filter but `_id`). */
async function forgetShoppers(emails: string[]): Promise<void> {
  for (const [dbName, collection] of [
    ['order', 'orders'],
    ['user', 'users'],
  ] as const) {
    const database = await mongoose.createConnection(stackEnv.mongoUrl, { dbName }).asPromise();
    await database.collection(collection).deleteMany({ email: { $in: emails } });
    await database.close();
  }
}

async function freshToken(shopper: Shopper): Promise<string> {
  if (Date.now() > shopper.refreshAt) {
    shopper.tokens = await refreshSignIn(shopper.tokens.refreshToken);
    shopper.refreshAt = refreshDue();
  }
  return shopper.tokens.accessToken;
}

async function cartIsEmpty(shopper: Shopper): Promise<boolean> {
  const answer = await request(`${CART_URL}/myallcart/${shopper.email}`, { headers: shopper.identity });
  return CartLineList.parse(await answer.body.json()).length === 0;
}

async function main(): Promise<void> {
  console.log(
    `order flow: ${RATE} orders/s for ${DURATION_S} s, after ${WARMUP_S} s of warm-up, by ${SHOPPERS} fresh shoppers, through ${stackEnv.gatewayUrl}\n`,
  );
  const shelf = new TestShelf();
  const warmup = newTally();
  const measured = newTally();
  /** when and where each order's event arrived: it may come before the bench has read the order's answer */
  const eventArrivals = new Map<string, { at: number; position: Position }>();
  const eventWaiters = new Map<string, () => void>();
  const eventOnTopic = async (orderId: string, timeoutMs: number) => {
    if (!eventArrivals.has(orderId)) {
      await Promise.race([new Promise<void>((resolve) => eventWaiters.set(orderId, resolve)), sleep(timeoutMs)]);
      eventWaiters.delete(orderId);
    }
    return eventArrivals.get(orderId);
  };
  const cartConsumer = new CartConsumerProgress();
  let events: Consumer | undefined;
  let shoppers: Shopper[] = [];
  try {
    const product = await shelf.stock('Order-flow bench rice', 50, 100_000);
    const stockBefore = await shelf.stockOf(product);
    shoppers = await makeShoppers();
    console.log(`set up: ${shoppers.length} shoppers, product stock ${stockBefore}`);

    const baseline = await kafkaRoundTrip();
    events = await joinedConsumer(TOPICS.orderPlaced, (value, at, position) => {
      const parsed = OrderPlaced.safeParse(JSON.parse(value));
      if (!parsed.success || eventArrivals.has(parsed.data.payload.orderId)) return;
      eventArrivals.set(parsed.data.payload.orderId, { at, position });
      eventWaiters.get(parsed.data.payload.orderId)?.();
    });

    await cartConsumer.start();

    const idle = [...shoppers];
    const inFlight = new Set<Promise<void>>();
    const order = async (shopper: Shopper, tally: Tally) => {
      const from = { 'x-forwarded-for': shopper.address };
      try {
        const token = await freshToken(shopper);
        const added = await call('POST', '/addtocart', token, { productId: product, cartQuantity: 1 }, from);
        if (added.status !== 201) return void tally.refused.set(added.status, (tally.refused.get(added.status) ?? 0) + 1);
        const started = performance.now();
        const body = { name: 'Bench Shopper', email: shopper.email, mycart: [] };
        const placed = await call('POST', '/orderplace', token, body, { ...from, 'idempotency-key': `bench-${randomUUID()}` });
        const answeredAt = performance.now();
        if (placed.status !== 201) return void tally.refused.set(placed.status, (tally.refused.get(placed.status) ?? 0) + 1);
        tally.placeLatencies.push(answeredAt - started);
        const timing: Timing = { postedAt: started, answeredAt };
        const orderId = PlaceOrderAnswer.parse(placed.body).insertedId;
        tally.timings.set(orderId, timing);
        const event = await eventOnTopic(orderId, CLEAR_TIMEOUT_MS);
        if (event && (await cartConsumer.passed(event.position, answeredAt + CLEAR_TIMEOUT_MS - performance.now()))) {
          const appliedAt = performance.now();
          if (await cartIsEmpty(shopper)) {
            timing.clearedAt = appliedAt;
            return;
          }
        }
        // not seen that way: the cart is read until it is empty
        while (performance.now() - answeredAt < CLEAR_TIMEOUT_MS) {
          if (await cartIsEmpty(shopper)) {
            timing.clearedAt = performance.now();
            return;
          }
          await sleep(pollDelay(performance.now() - answeredAt));
        }
        tally.notCleared++;
      } finally {
        idle.push(shopper);
      }
    };

    /** Places orders at RATE for `seconds`; those still under way go on into the next phase. */
    const placeAtRate = async (seconds: number, tally: Tally) => {
      const start = performance.now();
      for (let i = 0; i < RATE * seconds; i++) {
        const due = start + (i * 1_000) / RATE;
        if (due > performance.now()) await sleep(due - performance.now());
        const shopper = idle.shift();
        if (!shopper) {
          tally.skipped++;
          continue;
        }
        const flight: Promise<void> = order(shopper, tally).finally(() => inFlight.delete(flight));
        inFlight.add(flight);
      }
      return (performance.now() - start) / 1_000;
    };
    await placeAtRate(WARMUP_S, warmup);
    const loadSeconds = await placeAtRate(DURATION_S, measured);
    await Promise.all(inFlight);

    const { timings, placeLatencies } = measured;
    const accepted = timings.size;
    const unitsOrdered = accepted + warmup.timings.size;
    // the catalog applies the same events; give it the time the carts had
    let stockAfter = await shelf.stockOf(product);
    for (let waited = 0; stockBefore - stockAfter < unitsOrdered && waited < CLEAR_TIMEOUT_MS; waited += 200) {
      await sleep(200);
      stockAfter = await shelf.stockOf(product);
    }
    const eventsSeen = () => [...timings.keys()].filter((orderId) => eventArrivals.has(orderId)).length;
    for (let waited = 0; eventsSeen() < accepted && waited < CLEAR_TIMEOUT_MS; waited += 200) await sleep(200);
    for (const [orderId, timing] of timings) timing.eventAt = eventArrivals.get(orderId)?.at;
    const done = [...timings.values()];
    const cleared = done.filter((t) => t.clearedAt !== undefined);

    console.log(`warm-up: ${warmup.timings.size} orders in ${WARMUP_S} s, not counted below`);
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
    // what went wrong in the warm-up is shown too, though its figures are not
    for (const [phase, tally] of [
      ['warm-up', warmup],
      ['measured', measured],
    ] as const) {
      if (tally.skipped + tally.notCleared + tally.refused.size === 0) continue;
      console.log(
        `${phase}, not counted: ${tally.skipped} ticks with no idle shopper, ${tally.notCleared} carts not empty within ${CLEAR_TIMEOUT_MS / 1_000} s, refusals ${JSON.stringify(Object.fromEntries(tally.refused))}`,
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
    await cartConsumer.stop().catch(() => undefined);
    await shelf.clear();
    await forgetShoppers(shoppers.map((s) => s.email));
  }
}

main().catch((err: unknown) => {
  console.error(`order-flow bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

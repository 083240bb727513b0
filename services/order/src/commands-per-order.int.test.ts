// How many database commands one order costs the store, counted as the services send them: each
// service's driver counts the commands a traced request or event sends (service-kit db-commands.ts)
// and its log line says which (`dbCommands`). One shopper places one order of one product, as the
// bench's shoppers do, and confirms it (pay on delivery), each step in a trace of its own; the
// commands of every service the trace reached (the order service, the cart's read and checkout, the
// catalog's hold, the consumers of the order's events) are added up, printed by service, command and
// collection, and held to a ceiling (issue 52: fewer single-document writes an order).
//
// Not in a trace, so not counted here: work batched across the orders of half a second (the outbox
// relays' marks of sent events, one command a pass; the catalog's marking and settling of held units,
// three a pass; the user service's marks of sent mails, one a pass) and the periodic sweeps. At 60
// orders a second they add about 0.2 command an order.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { PlaceOrderAnswer, TOPICS } from '@bazar/contracts';
import { eventually, gatewayCall as call, newShopper, stackDir, type TestAccount } from '@bazar/testing';
import { consumerGroupIds, describeConsumerGroups, TestShelf } from '@bazar/testing/shop';

/** The commands placing an order of one product may cost, its events' consumers included: the
 *  order's place among the shopper's unconfirmed ones, the order written and placed (3; the admin's
 *  list reads the orders themselves); the cart read and checked out (2); the catalog's reservation and the units taken
 *  (2: it is marked held with the settling); the user service's confirmation mail: the account read
 *  and the mail's record written before it goes (2: that record, not a ledger of applied events, is
 *  what a repeated event runs into; it is marked sent with the others of a quarter second). */
const PLACING_AT_MOST = 9;
/** The commands the shopper's confirmation may cost, its event's consumers included: the order's
 *  move. */
const CONFIRMING_AT_MOST = 1;

const LOGS = path.join(stackDir, 'logs');

interface LogLine {
  service?: string;
  msg?: string;
  traceId?: string;
  req?: { method: string; url: string };
  topic?: string;
  dbCommands?: Record<string, number>;
}

/** Where each log file ends now: only what is written after is read. */
function logMarks(): Map<string, number> {
  return new Map(
    readdirSync(LOGS)
      .filter((file) => file.endsWith('.log'))
      .map((file) => [file, statSync(path.join(LOGS, file)).size]),
  );
}

/** The lines of this trace written since `marks`, by log file (a replica has a file of its own). */
function traceLines(marks: Map<string, number>, traceId: string): { file: string; line: LogLine }[] {
  const found: { file: string; line: LogLine }[] = [];
  for (const file of readdirSync(LOGS).filter((name) => name.endsWith('.log'))) {
    const size = statSync(path.join(LOGS, file)).size;
    let start = marks.get(file) ?? 0;
    if (size < start) start = 0; // replaced since
    const buffer = Buffer.alloc(size - start);
    const fd = openSync(path.join(LOGS, file), 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, start);
    } finally {
      closeSync(fd);
    }
    for (const text of buffer.toString().split('\n')) {
      if (!text.includes(traceId)) continue;
      try {
        const line = JSON.parse(text) as LogLine;
        if (line.traceId === traceId) found.push({ file: path.basename(file, '.log'), line });
      } catch {
        // a line cut by the read's end
      }
    }
  }
  return found;
}

/** The commands of a trace: `<file>: <command> <collection>` → how many, and their sum. */
function commandsOf(lines: { file: string; line: LogLine }[]) {
  const byKind = new Map<string, number>();
  for (const { file, line } of lines)
    for (const [kind, count] of Object.entries(line.dbCommands ?? {}))
      byKind.set(`${file}: ${kind}`, (byKind.get(`${file}: ${kind}`) ?? 0) + count);
  const total = [...byKind.values()].reduce((sum, count) => sum + count, 0);
  return { byKind, total };
}

/** Prints the step's commands, and answers how many it sends an order. */
function report(step: string, lines: { file: string; line: LogLine }[]): number {
  const { byKind, total } = commandsOf(lines);
  const steps = lines
    .filter(({ line }) => ['request completed', 'event applied', 'event passed over'].includes(line.msg ?? ''))
    .map(({ file, line }) => {
      const what = line.req
        ? `${line.req.method} ${line.req.url}`
        : `event ${line.topic}${line.msg === 'event passed over' ? ' (passed over)' : ''}`;
      return `  ${file}: ${what}`;
    });
  const kinds = [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => `  ${String(count).padStart(2)}  ${kind}`);
  console.log(`${step}: ${total} database commands\n${kinds.join('\n')}\n in:\n${steps.join('\n')}`);
  return total;
}

/** The services that consume `topics` for good (a consumer group `<service>.<topic>` with a member
 *  now), whatever services there are: each logs the events of a trace it applied. */
async function consumersOf(topics: string[]): Promise<{ service: string; topic: string }[]> {
  const named = (await consumerGroupIds()).filter((groupId) => {
    const [service, topic, ...more] = groupId.split('.');
    return more.length === 0 && /^[a-z]+$/.test(service ?? '') && topics.includes(topic ?? '');
  });
  return (await describeConsumerGroups(named))
    .filter((group) => group.members > 0)
    .map(({ groupId }) => {
      const [service, topic] = groupId.split('.') as [string, string];
      return { service, topic };
    });
}

/** The trace's lines once every consumer of `topics`, and the order service's live streams, have
 *  logged applying its event. */
async function linesOnceConsumed(marks: Map<string, number>, traceId: string, topics: string[]) {
  const consumers = [...(await consumersOf(topics)), { service: 'order', topic: TOPICS.orderStatusChanged }];
  return eventually(async () => {
    const lines = traceLines(marks, traceId);
    const applied = lines
      .filter(({ line }) => line.msg === 'event applied' || line.msg === 'event passed over')
      .map(({ file, line }) => `${file.replace(/-\d+$/, '')} ${line.topic}`);
    for (const { service, topic } of consumers) expect(applied).toContain(`${service} ${topic}`);
    return lines;
  }, 20_000);
}

const newTrace = () => {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
};

// from an address of its own (nginx's X-Forwarded-For): other tests share the loopback's rate limit
const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const shelf = new TestShelf();
let shopper: TestAccount;
let productId: string;

beforeAll(async () => {
  shopper = await newShopper('commands');
  expect((await call('PUT', `/users/${shopper.email}`, shopper.token, {}, from)).status).toBeLessThan(300);
  productId = await shelf.stock('Counted Rice', 90, 50);
});

afterAll(() => shelf.clear());

it('places and confirms an order within the database commands it may cost, every service counted', async () => {
  expect((await call('POST', '/addtocart', shopper.token, { productId, cartQuantity: 2 }, from)).status).toBe(201);

  const placing = newTrace();
  let marks = logMarks();
  const placed = await call(
    'POST',
    '/orderplace',
    shopper.token,
    { name: 'Counted Shopper', email: shopper.email, phone: '+8801712345678', addinfo: 'House 7, Road 3' },
    { ...from, traceparent: placing.traceparent, 'idempotency-key': `counted-${randomUUID()}` },
  );
  expect(placed.status).toBe(201);
  const orderId = PlaceOrderAnswer.parse(placed.body).insertedId;
  const placingLines = await linesOnceConsumed(marks, placing.traceId, [TOPICS.orderPlaced, TOPICS.orderStatusChanged]);

  const confirming = newTrace();
  marks = logMarks();
  const confirmed = await call('PUT', `/orders/${orderId}/confirm`, shopper.token, undefined, {
    ...from,
    traceparent: confirming.traceparent,
  });
  expect(confirmed.status).toBe(200);
  const confirmingLines = await linesOnceConsumed(marks, confirming.traceId, [TOPICS.orderStatusChanged]);

  const placingTotal = report('placing the order', placingLines);
  const confirmingTotal = report('confirming it', confirmingLines);
  // the count itself is what the services sent: an order placed sends at least its own writes
  expect(placingTotal).toBeGreaterThanOrEqual(3);
  expect(placingTotal).toBeLessThanOrEqual(PLACING_AT_MOST);
  expect(confirmingTotal).toBeGreaterThanOrEqual(1);
  expect(confirmingTotal).toBeLessThanOrEqual(CONFIRMING_AT_MOST);
});

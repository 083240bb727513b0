// W3C trace context across the running store: a request's traceparent goes from the gateway to the
// services (and between them), through the order's outbox and Kafka to the consumers, and its
// trace id is on their log lines (read from .stack/logs); nginx keeps the gateway's /metrics private.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { openSync, readSync, closeSync, statSync } from 'node:fs';
import path from 'node:path';
import { PlaceOrderAnswer, TOPICS } from '@bazar/contracts';
import { eventually, gatewayCall as call, newShopper, stackEnv, type TestAccount } from '@bazar/testing';
import { publishedOrderEvents, TestShelf } from '@bazar/testing/shop';

const LOGS = path.join(process.env.BAZAR_STACK_DIR ?? path.resolve(__dirname, '../../.stack'), 'logs');
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

interface LogLine {
  service: string;
  msg: string;
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  req?: { id: string; method: string; url: string };
  topic?: string;
  eventId?: string;
}

/** Where each component's log ends now; `linesOf` reads only what was written after. */
function logMarks(names: string[]): Record<string, number> {
  return Object.fromEntries(names.map((name) => [name, statSync(path.join(LOGS, `${name}.log`)).size]));
}

function linesOf(name: string, marks: Record<string, number>, traceId: string): LogLine[] {
  const file = path.join(LOGS, `${name}.log`);
  let start = marks[name] ?? 0;
  const size = statSync(file).size;
  if (size < start) start = 0; // rotated or replaced
  const buffer = Buffer.alloc(size - start);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, start);
  } finally {
    closeSync(fd);
  }
  return buffer
    .toString()
    .split('\n')
    .filter((line) => line.includes(traceId))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    })
    .filter((line) => line.traceId === traceId);
}

const newTrace = () => {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
};

// Calls come from an address of their own (nginx's X-Forwarded-For), so that they do not spend the
// loopback address's rate limit that other tests share.
const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const shelf = new TestShelf();
let shopper: TestAccount;
let productId: string;

beforeAll(async () => {
  shopper = await newShopper('traced');
  expect((await call('PUT', `/users/${shopper.email}`, shopper.token, {}, from)).status).toBeLessThan(300);
  productId = await shelf.stock('Traced Lentils', 120, 50);
});

afterAll(() => shelf.clear());

it('carries the caller’s trace from the gateway to the service and answers with it', async () => {
  const { traceId, traceparent } = newTrace();
  const marks = logMarks(['gateway', 'catalog']);
  const answer = await call('GET', `/product-details/${productId}`, undefined, undefined, {
    ...from,
    traceparent,
    'x-request-id': 'traced-read-1',
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-request-id')).toBe('traced-read-1');
  const [, answeredTrace, gatewaySpan] = TRACEPARENT.exec(answer.headers.get('traceparent') ?? '') ?? [];
  expect(answeredTrace).toBe(traceId);
  expect(gatewaySpan).not.toBe(traceparent.slice(36, 52));

  await eventually(async () => {
    const [gateway] = linesOf('gateway', marks, traceId);
    const [catalog] = linesOf('catalog', marks, traceId);
    expect(gateway).toMatchObject({ msg: 'request completed', spanId: gatewaySpan, parentSpanId: traceparent.slice(36, 52) });
    expect(catalog).toMatchObject({ msg: 'request completed', req: { url: `/product-details/${productId}`, id: 'traced-read-1' } });
    expect(catalog?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(catalog?.spanId).not.toBe(gatewaySpan);
    // the service is called within the gateway's request and starts a span of its own; with
    // OpenTelemetry its parent is the gateway's span of the call, below the span of the express
    // route that made it, below the request's (as Jaeger has them)
    if (catalog?.parentSpanId !== gatewaySpan) expect(await ancestorsInJaeger(traceId, catalog!.parentSpanId!)).toContain(gatewaySpan);
  });
});

/** The parent of a span of the trace, in the stack's Jaeger (spans reach it every few seconds). */
/** The spans above `spanId` in its trace as Jaeger has it, nearest first. */
async function ancestorsInJaeger(traceId: string, spanId: string): Promise<string[]> {
  const answer = await fetch(`${process.env.BAZAR_JAEGER_URL ?? 'http://127.0.0.1:16686'}/api/traces/${traceId}`);
  if (!answer.ok) return [];
  const { data } = (await answer.json()) as {
    data: { spans: { spanID: string; references: { refType: string; spanID: string }[] }[] }[];
  };
  const parentOf = (id: string) =>
    data[0]?.spans.find((candidate) => candidate.spanID === id)?.references.find((reference) => reference.refType === 'CHILD_OF')?.spanID;
  const ancestors: string[] = [];
  for (let parent = parentOf(spanId); parent && !ancestors.includes(parent); parent = parentOf(parent)) ancestors.push(parent);
  return ancestors;
}

it('starts a new trace when the traceparent is missing or malformed', async () => {
  for (const traceparent of [
    undefined,
    'not-a-trace',
    `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01`,
    `ff-${'a'.repeat(32)}-${'b'.repeat(16)}-01`,
  ]) {
    const answer = await call('GET', '/alloffers', undefined, undefined, traceparent ? { ...from, traceparent } : from);
    expect(answer.status).toBe(200);
    const [, traceId] = TRACEPARENT.exec(answer.headers.get('traceparent') ?? '') ?? [];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toMatch(/^0+$/);
    if (traceparent) expect(traceparent).not.toContain(traceId);
  }
});

it('follows an order from the gateway through the services it calls and through Kafka to the catalog’s consumer', async () => {
  const { traceId, traceparent } = newTrace();
  const marks = logMarks(['gateway', 'cart', 'catalog', 'order']);

  // adding to the cart: the cart service reads the product from the catalog within the same trace
  expect((await call('POST', '/addtocart', shopper.token, { productId, cartQuantity: 2 }, { ...from, traceparent })).status).toBe(201);
  const placed = await call(
    'POST',
    '/orderplace',
    shopper.token,
    { name: 'Traced Shopper', email: shopper.email, phone: '+8801712345678', addinfo: 'near the mosque', total: 0, mycart: [] },
    { ...from, traceparent, 'idempotency-key': `traced-${randomUUID()}` },
  );
  expect(placed.status).toBe(201);
  const { insertedId } = PlaceOrderAnswer.parse(placed.body);

  const { order } = PlaceOrderAnswer.parse(placed.body);

  // the order's status event, relayed from its outbox; the catalog's consumer applied it in this trace
  const [event] = await eventually(async () => {
    const published = await publishedOrderEvents([insertedId], TOPICS.orderStatusChanged);
    expect(published).toHaveLength(1);
    return published;
  });
  const eventId = event!.id;

  await eventually(async () => {
    const requests = (name: string) =>
      linesOf(name, marks, traceId)
        .filter((line) => line.msg === 'request completed')
        .map((line) => `${line.req?.method} ${line.req?.url}`);
    expect(requests('gateway')).toEqual(['POST /addtocart', 'POST /orderplace']);
    expect(requests('order')).toEqual(['POST /orderplace']);
    // placing reads the cart and the prices, holds the units, takes the lines: all in the trace
    expect(requests('cart')).toEqual([
      'POST /addtocart',
      `GET /myallcart/${encodeURIComponent(shopper.email)}`,
      expect.stringMatching(/^POST \/internal\/checkouts\/[0-9a-f]{24}$/),
    ]);
    // the cart's check of the product on adding it, then the order's hold on its units (and prices)
    expect(requests('catalog')).toEqual([
      `GET /product-details/${productId}`,
      expect.stringMatching(/^POST \/internal\/reservations\/[0-9a-f]{24}$/),
    ]);
    expect(linesOf('catalog', marks, traceId)).toContainEqual(
      expect.objectContaining({ msg: 'event applied', topic: 'order-status-changed', eventId, traceId }),
    );
  }, 20_000);
  expect(order.status).toBe('placed');
});

it('keeps the gateway’s metrics off the public API', async () => {
  for (const path of ['/api/metrics', '/api/metrics/', '/api/METRICS', '/api//metrics', '/api/%6detrics', '/api/metrics?format=json']) {
    const response = await fetch(`${stackEnv.webUrl}${path}`);
    expect({ path, status: response.status }).toEqual({ path, status: 404 });
    expect(await response.text()).not.toContain('http_requests_total');
  }
  // on the loopback port it is there for the scraper
  const direct = await fetch(`${stackEnv.gatewayUrl}/metrics`);
  expect(direct.status).toBe(200);
  expect(await direct.text()).toContain('http_requests_total{');
});

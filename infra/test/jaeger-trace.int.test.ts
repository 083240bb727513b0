// OpenTelemetry across the running store: an order placed through the gateway is one trace in the
// stack's Jaeger, with the spans of the gateway, the order, catalog and cart services, and of the
// consumers of its events, which the kit starts as children of the order service's producer span
// (packages/service-kit/src/trace.ts), not as traces of their own.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { PlaceOrderAnswer } from '@bazar/contracts';
import { eventually, gatewayCall as call, newShopper, type TestAccount } from '@bazar/testing';
import { TestShelf } from '@bazar/testing/shop';

const JAEGER_URL = process.env.BAZAR_JAEGER_URL ?? 'http://127.0.0.1:16686';

/** A span as Jaeger's query API gives it (/api/traces/{id}). */
interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  processID: string;
  references: { refType: string; traceID: string; spanID: string }[];
  tags: { key: string; value: unknown }[];
}
interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

async function traceInJaeger(traceId: string): Promise<JaegerTrace | undefined> {
  const answer = await fetch(`${JAEGER_URL}/api/traces/${traceId}`, { signal: AbortSignal.timeout(5_000) });
  if (answer.status === 404) return undefined;
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: JaegerTrace[] };
  return data[0];
}

const kindOf = (span: JaegerSpan) => span.tags.find((tag) => tag.key === 'span.kind')?.value;

// its own address (nginx's X-Forwarded-For), so it does not spend the loopback address's rate limit
const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const shelf = new TestShelf();
let shopper: TestAccount;
let productId: string;

beforeAll(async () => {
  shopper = await newShopper('jaeger');
  expect((await call('PUT', `/users/${shopper.email}`, shopper.token, {}, from)).status).toBeLessThan(300);
  productId = await shelf.stock('Jaeger Lentils', 120, 50);
});

afterAll(() => shelf.clear());

it('shows an order placed through the gateway as one trace in Jaeger, from the gateway to the consumers of its events', async () => {
  // a sampled traceparent: the request is followed whatever the stack's sample rate
  const traceId = randomBytes(16).toString('hex');
  const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
  expect((await call('POST', '/addtocart', shopper.token, { productId, cartQuantity: 2 }, { ...from, traceparent })).status).toBe(201);
  const placed = await call(
    'POST',
    '/orderplace',
    shopper.token,
    { name: 'Jaeger Shopper', email: shopper.email, phone: '+8801712345678', addinfo: 'near the mosque', total: 0, mycart: [] },
    { ...from, traceparent, 'idempotency-key': `jaeger-${randomUUID()}` },
  );
  expect(placed.status).toBe(201);
  PlaceOrderAnswer.parse(placed.body);
  expect(placed.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

  // spans arrive in the exporters' batches (every few seconds), the consumers' after the relay's send
  const trace = await eventually(async () => {
    const found = await traceInJaeger(traceId);
    expect(found).toBeDefined();
    const services = new Set(found!.spans.map((span) => found!.processes[span.processID]?.serviceName));
    expect([...services].sort()).toEqual(expect.arrayContaining(['cart', 'catalog', 'gateway', 'order']));
    expect(found!.spans.map((span) => span.operationName)).toEqual(
      expect.arrayContaining(['send order-placed', 'send order-status-changed', 'process order-status-changed']),
    );
    return found!;
  }, 30_000);

  const byId = new Map(trace.spans.map((span) => [span.spanID, span]));
  const serviceOf = (span: JaegerSpan) => trace.processes[span.processID]?.serviceName;
  const parentOf = (span: JaegerSpan) => {
    const reference = span.references.find((ref) => ref.refType === 'CHILD_OF');
    return reference && byId.get(reference.spanID);
  };
  // every span is of this trace
  expect(new Set(trace.spans.map((span) => span.traceID))).toEqual(new Set([traceId]));
  // the gateway answered the order from its server span, and the order service's span is its child's
  const orderServer = trace.spans.find((span) => serviceOf(span) === 'order' && kindOf(span) === 'server');
  expect(orderServer).toBeDefined();
  let ancestor = parentOf(orderServer!);
  while (ancestor && serviceOf(ancestor) !== 'gateway') ancestor = parentOf(ancestor);
  expect(ancestor && serviceOf(ancestor)).toBe('gateway');
  // each consumer's span (the catalog's and the order service's of order-status-changed, at least) is
  // the child of the order service's producer span of its event
  const consumers = trace.spans.filter((span) => kindOf(span) === 'consumer');
  expect(consumers.filter((span) => span.operationName === 'process order-status-changed').map(serviceOf)).toEqual(
    expect.arrayContaining(['catalog', 'order']),
  );
  for (const consumer of consumers) {
    const producer = parentOf(consumer);
    expect({ consumer: consumer.operationName, producer: producer?.operationName, kind: producer && kindOf(producer) }).toEqual({
      consumer: consumer.operationName,
      producer: consumer.operationName.replace(/^process /, 'send '),
      kind: 'producer',
    });
  }
  // the database and Redis commands the services sent while answering are spans of the trace too
  expect(trace.spans.some((span) => span.tags.some((tag) => tag.key === 'db.system' || tag.key === 'db.system.name'))).toBe(true);
});

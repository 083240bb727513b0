// The Prometheus metrics the kit gives every running service and the gateway at GET /metrics:
// requests by route pattern, the outbox backlog counted at scrape time, consumer lag, and Node's
// process metrics.
import { randomUUID } from 'node:crypto';
import { ProductList, TOPICS } from '@bazar/contracts';
import mongoose from 'mongoose';
import { eventually, stackEnv } from '@bazar/testing';
import { sendMessages } from '@bazar/testing/shop';
import { newEvent } from './kafka/producer';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parseExposition(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k!, v!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

async function scrape(baseUrl: string): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, samples: parseExposition(text) };
}

const find = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const total = (samples: Sample[], name: string, labels: Record<string, string>) =>
  find(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

const SERVICES = {
  catalog: stackEnv.catalogUrl,
  cart: stackEnv.cartUrl,
  order: stackEnv.orderUrl,
  user: stackEnv.userUrl,
  media: stackEnv.mediaUrl,
  gateway: stackEnv.gatewayUrl,
};

it.each(Object.entries(SERVICES))('%s serves Node’s process metrics, labelled with the service', async (service, url) => {
  const { samples } = await scrape(url);
  for (const name of [
    'process_cpu_user_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
    'nodejs_heap_size_used_bytes',
  ])
    expect(find(samples, name, { service })).toHaveLength(1);
});

it('counts and times requests by route pattern, never by raw URL', async () => {
  const [product] = ProductList.parse(await (await fetch(`${stackEnv.catalogUrl}/products`)).json());
  const labels = { method: 'GET', route: '/product-details/:id', status_code: '200', service: 'catalog' };
  const before = total((await scrape(stackEnv.catalogUrl)).samples, 'http_requests_total', labels);

  for (let i = 0; i < 3; i++) expect((await fetch(`${stackEnv.catalogUrl}/product-details/${product!._id}`)).status).toBe(200);
  expect((await fetch(`${stackEnv.catalogUrl}/no-such-path/${randomUUID()}`)).status).toBe(404);

  const { text, samples } = await scrape(stackEnv.catalogUrl);
  expect(total(samples, 'http_requests_total', labels)).toBeGreaterThanOrEqual(before + 3);
  expect(total(samples, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(before + 3);
  expect(find(samples, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toHaveLength(1);
  // one series for every unknown path asked with GET (other tests may ask others with POST)
  expect(find(samples, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }).length).toBe(1);
  expect(text).not.toContain(product!._id);
  expect(text).not.toContain('no-such-path');

  // the gateway labels with the declared endpoint's path
  expect((await fetch(`${stackEnv.gatewayUrl}/product-details/${product!._id}`)).status).toBe(200);
  const gateway = await scrape(stackEnv.gatewayUrl);
  expect(total(gateway.samples, 'http_requests_total', { route: '/product-details/:id', status_code: '200' })).toBeGreaterThanOrEqual(1);
  expect(gateway.text).not.toContain(product!._id);
});

it('counts the outbox backlog of each service with an outbox when scraped', async () => {
  const outboxes = { order: 'orders', user: 'users', catalog: 'products' };
  for (const [service, collection] of Object.entries(outboxes)) {
    const { samples } = await scrape(SERVICES[service as keyof typeof SERVICES]);
    for (const name of ['outbox_pending_documents', 'outbox_pending_events']) {
      const [sample] = find(samples, name, { collection, service });
      expect({ service, name, value: sample?.value }).toEqual({ service, name, value: expect.any(Number) });
      expect(sample!.value).toBeGreaterThanOrEqual(0);
    }
  }

  // A document counted as pending is in the gauges at the next scrape. These are written straight
  // into the order service's database with two pending ids but no entries, which the relay passes over
  // (nothing to send), so no event goes anywhere; they are removed at once.
  const orders = mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'order' });
  const pendingOrders = async () => {
    const { samples } = await scrape(stackEnv.orderUrl);
    return {
      documents: find(samples, 'outbox_pending_documents', { collection: 'orders' })[0]?.value ?? NaN,
      events: find(samples, 'outbox_pending_events', { collection: 'orders' })[0]?.value ?? NaN,
    };
  };
  try {
    const before = await pendingOrders();
    // twenty, so that orders of other tests whose events are sent and not yet marked (counted in
    // `before` for a moment) cannot hide them
    const probes = Array.from({ length: 20 }, () => ({
      _id: new mongoose.Types.ObjectId(),
      email: 'metrics-probe@bazar.test',
      outbox: {},
      outboxPending: ['probe-1', 'probe-2'],
    }));
    await orders.collection('orders').insertMany(probes);
    try {
      // one scrape's count is reused for a second
      await eventually(
        async () => {
          const after = await pendingOrders();
          expect(after.documents).toBeGreaterThanOrEqual(before.documents + 10);
          expect(after.events).toBeGreaterThanOrEqual(before.events + 20);
        },
        5_000,
        300,
      );
    } finally {
      await orders.collection('orders').deleteMany({ _id: { $in: probes.map((probe) => probe._id) } });
    }
  } finally {
    await orders.close();
  }
});

it('keeps the lag of a consuming service per topic and partition', async () => {
  // a deletion of a user nobody has: the cart and user services apply it and change nothing
  const userId = new mongoose.Types.ObjectId().toString();
  const event = newEvent('UserDeleted', { userId, email: `nobody-${randomUUID().slice(0, 8)}@bazar.test` });
  await sendMessages(TOPICS.userDeleted, [{ key: userId, value: JSON.stringify(event) }]);

  await eventually(async () => {
    const { samples } = await scrape(stackEnv.cartUrl);
    const lag = find(samples, 'kafka_consumer_lag', { group: 'cart.user-deleted', topic: TOPICS.userDeleted, service: 'cart' });
    expect(lag.length).toBeGreaterThanOrEqual(1);
    for (const sample of lag) {
      expect(sample.labels.partition).toMatch(/^\d+$/);
      expect(sample.value).toBeGreaterThanOrEqual(0);
    }
    expect(total(samples, 'kafka_consumer_events_total', { topic: TOPICS.userDeleted, outcome: 'applied' })).toBeGreaterThanOrEqual(1);
  });
});

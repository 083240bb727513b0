import type { Request, RequestHandler } from 'express';
import type { Consumer } from '@platformatic/kafka';
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { OutboxModel } from './kafka/outbox';
import { HAS_PENDING_EVENTS } from './kafka/pending';

/** The process's Prometheus metrics, served at GET /metrics by every service and the gateway.
 *  One registry per process; the metrics below are created once, so several consumers or apps in
 *  one process (tests) share them. */
export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

let processMetricsOn = false;
/** Node's process metrics (CPU, memory, event loop lag, GC, handles) and a `service` label on
 *  every series. Once per process. */
export function enableProcessMetrics(service: string): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
}

export const metricsHandler: RequestHandler = async (_req, res) => {
  res.setHeader('Content-Type', metricsRegistry.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.send(await metricsRegistry.metrics());
};

// --- HTTP ---------------------------------------------------------------------------------------
// Every request is counted and timed, so recording one costs no allocation: a series (method, route
// pattern, status) is found through maps keyed by what the request already holds, and keeps plain
// numbers. (prom-client's Counter and Histogram build a label object, a key string and a closure per
// observation.) The registry reads the series when scraped, in the same exposition.

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Map(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'].map((method, index) => [method, index]));
const OTHER_METHOD = METHODS.size - 1;

interface HttpLabels {
  method: string;
  route: string;
  status_code: string;
}

/** The requests of one method, route pattern and status: how many, and how long they took. */
class HttpSeries {
  count = 0;
  sum = 0;
  /** requests per bucket (not cumulative); the last one holds those above every bound */
  readonly perBucket: number[] = DURATION_BUCKETS.map(() => 0).concat(0);

  constructor(readonly labels: HttpLabels) {}

  observe(seconds: number): void {
    this.count += 1;
    this.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    this.perBucket[bucket]! += 1;
  }
}

/** The route that answered (express's Route, or `UNMATCHED`) → the path it is mounted under →
 *  method and status (`methodIndex * 1000 + status`) → series. */
const httpSeries = new Map<object, Map<string, Map<number, HttpSeries>>>();
const UNMATCHED = {};

/** The route pattern that answered (`/product-details/:id`, `/myallcart/*rest`), never the raw URL,
 *  so that ids and emails do not become label values; `unmatched` for paths no route took (404s). */
function routeLabel(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (path === undefined) return 'unmatched';
  return `${req.baseUrl}${Array.isArray(path) ? path.join('|') : String(path)}`;
}

/** Counts and times one answered request (status 499: the client went away first). */
export function recordHttpRequest(req: Request, status: number, seconds: number): void {
  const route = (req.route as object | undefined) ?? UNMATCHED;
  const baseUrl = route === UNMATCHED ? '' : req.baseUrl;
  const methodIndex = METHODS.get(req.method) ?? OTHER_METHOD;
  let byBase = httpSeries.get(route);
  if (!byBase) httpSeries.set(route, (byBase = new Map()));
  let byMethodAndStatus = byBase.get(baseUrl);
  if (!byMethodAndStatus) byBase.set(baseUrl, (byMethodAndStatus = new Map()));
  let series = byMethodAndStatus.get(methodIndex * 1000 + status);
  if (!series) {
    const method = methodIndex === OTHER_METHOD ? 'OTHER' : req.method;
    series = new HttpSeries({ method, route: routeLabel(req), status_code: String(status) });
    byMethodAndStatus.set(methodIndex * 1000 + status, series);
  }
  series.observe(seconds);
}

function* allHttpSeries(): Generator<HttpSeries> {
  for (const byBase of httpSeries.values()) for (const byMethodAndStatus of byBase.values()) yield* byMethodAndStatus.values();
}

interface SampleValue {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** A metric the registry reads at scrape time: the object shape its `get()` gives, which is all
 *  the registry asks of a metric (prom-client's types name only its own classes). */
function registerScrapedMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => SampleValue[]): void {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: () => Promise.resolve({ name, help, type, aggregator: 'sum', values: values() }),
  };
  metricsRegistry.registerMetric(metric as unknown as Metric);
}

registerScrapedMetric(
  'http_requests_total',
  'HTTP requests answered, by method, route pattern and status (499: the client went away first)',
  'counter',
  () => [...allHttpSeries()].map((series) => ({ labels: { ...series.labels }, value: series.count })),
);
registerScrapedMetric(
  'http_request_duration_seconds',
  'Time from receiving a request to the end of its answer, by method, route pattern and status',
  'histogram',
  () =>
    [...allHttpSeries()].flatMap((series) => {
      const name = 'http_request_duration_seconds';
      let cumulative = 0;
      const buckets = DURATION_BUCKETS.map((bound, index) => {
        cumulative += series.perBucket[index]!;
        return { metricName: `${name}_bucket`, labels: { le: bound, ...series.labels }, value: cumulative };
      });
      return [
        ...buckets,
        { metricName: `${name}_bucket`, labels: { le: '+Inf', ...series.labels }, value: series.count },
        { metricName: `${name}_sum`, labels: { ...series.labels }, value: series.sum },
        { metricName: `${name}_count`, labels: { ...series.labels }, value: series.count },
      ];
    }),
);

// --- Kafka consumers -----------------------------------------------------------------------------

/** The consumers whose lag /metrics reports, each with its group and topic. */
const lagWatched = new Set<{ consumer: Consumer<string, string, string, string>; group: string; topic: string }>();
const LAG_TIMEOUT_MS = 2_000;
new Gauge({
  name: 'kafka_consumer_lag',
  help: 'Messages on a partition not yet processed by this consumer group, asked of the broker at scrape time (its end offset against the offset the group reads from), for the partitions this process reads',
  labelNames: ['group', 'topic', 'partition'],
  registers,
  async collect() {
    this.reset();
    await Promise.all(
      [...lagWatched].map(async ({ consumer, group, topic }) => {
        const lag = await withTimeout(consumer.getLag({ topics: [topic] }), LAG_TIMEOUT_MS).catch(() => undefined);
        // -1: a partition another member reads
        lag
          ?.get(topic)
          ?.forEach((behind, partition) => behind >= 0n && this.set({ group, topic, partition: String(partition) }, Number(behind)));
      }),
    );
  },
});
const consumedEvents = new Counter({
  name: 'kafka_consumer_events_total',
  help: 'Events consumed, by topic and outcome: applied, skipped (already applied), passed-over (not for the handler), dead-lettered',
  labelNames: ['topic', 'outcome'],
  registers,
});

export type ConsumeOutcome = 'applied' | 'skipped' | 'passed-over' | 'dead-lettered';
export const countConsumedEvent = (topic: string, outcome: ConsumeOutcome) => consumedEvents.inc({ topic, outcome });

/** Reports the lag of `consumer` on `topic` at each scrape, until the function returned is called
 *  (on stop, or when the consumer is replaced). */
export function watchConsumerLag(consumer: Consumer<string, string, string, string>, group: string, topic: string): () => void {
  const watched = { consumer, group, topic };
  lagWatched.add(watched);
  return () => void lagWatched.delete(watched);
}

// --- Outbox backlog ------------------------------------------------------------------------------

const outboxModels = new Set<OutboxModel>();
/** Adds a model with `outboxFields` to the outbox gauges. */
export const watchOutbox = (model: OutboxModel) => void outboxModels.add(model);

const BACKLOG_TIMEOUT_MS = 2_000;
interface Backlog {
  collection: string;
  documents: number;
  events: number;
}
let backlogRead: { at: number; result: Promise<Backlog[]> } | undefined;

/** Documents and events waiting to be relayed, counted now and shared by both gauges of one scrape.
 *  The events are summed here rather than by a $group, which the local database answers with 0. */
function outboxBacklog(): Promise<Backlog[]> {
  if (backlogRead && Date.now() - backlogRead.at < 1_000) return backlogRead.result;
  const result = Promise.all(
    [...outboxModels].map(async (model) => {
      const pending = await model
        .find(HAS_PENDING_EVENTS, { _id: 0, outboxPending: 1 })
        .maxTimeMS(BACKLOG_TIMEOUT_MS)
        .lean<{ outboxPending: string[] }[]>();
      return {
        collection: model.collection.collectionName,
        documents: pending.length,
        events: pending.reduce((sum, document) => sum + document.outboxPending.length, 0),
      };
    }),
  );
  backlogRead = { at: Date.now(), result };
  return result;
}

function outboxGauge(name: string, help: string, field: 'documents' | 'events') {
  return new Gauge({
    name,
    help,
    labelNames: ['collection'],
    registers,
    async collect() {
      this.reset();
      if (outboxModels.size === 0) return;
      // without the database the series are left out for this scrape rather than reported as 0
      const backlog = await withTimeout(outboxBacklog(), BACKLOG_TIMEOUT_MS).catch(() => []);
      for (const entry of backlog) this.set({ collection: entry.collection }, entry[field]);
    },
  });
}
outboxGauge('outbox_pending_documents', 'Documents with outbox events not yet published to Kafka, counted at scrape time', 'documents');
outboxGauge('outbox_pending_events', 'Outbox events not yet published to Kafka, counted at scrape time', 'events');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

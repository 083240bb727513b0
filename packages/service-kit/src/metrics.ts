import type { Request, RequestHandler } from 'express';
import type { Consumer } from 'kafkajs';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HAS_PENDING_EVENTS, type OutboxModel } from './kafka/outbox';

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

const HTTP_LABELS = ['method', 'route', 'status_code'] as const;
const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status (499: the client went away first)',
  labelNames: HTTP_LABELS,
  registers,
});
const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to the end of its answer, by method, route pattern and status',
  labelNames: HTTP_LABELS,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route pattern that answered (`/product-details/:id`, `/myallcart/*rest`), never the raw URL,
 *  so that ids and emails do not become label values; `unmatched` for paths no route took (404s). */
export function routeLabel(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (path === undefined) return 'unmatched';
  return `${req.baseUrl}${Array.isArray(path) ? path.join('|') : String(path)}`;
}

/** Counts and times every request once its answer is done (or the client has gone). */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const stop = httpDuration.startTimer();
    res.once('close', () => {
      const labels = {
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        route: routeLabel(req),
        status_code: String(res.writableFinished ? res.statusCode : 499),
      };
      httpRequests.inc(labels);
      stop(labels);
    });
    next();
  };
}

// --- Kafka consumers -----------------------------------------------------------------------------

const consumerLag = new Gauge({
  name: 'kafka_consumer_lag',
  help: 'Messages on a partition not yet processed by this consumer group, as of its last batch (kafkajs offsetLag against the high watermark)',
  labelNames: ['group', 'topic', 'partition'],
  registers,
});
const consumedEvents = new Counter({
  name: 'kafka_consumer_events_total',
  help: 'Events consumed, by topic and outcome: applied, skipped (already applied), dead-lettered',
  labelNames: ['topic', 'outcome'],
  registers,
});

export type ConsumeOutcome = 'applied' | 'skipped' | 'dead-lettered';
export const countConsumedEvent = (topic: string, outcome: ConsumeOutcome) => consumedEvents.inc({ topic, outcome });

/** Follows a kafkajs consumer's batches to keep its lag per partition: at the start of a batch,
 *  every message from the batch's first one to the high watermark; at the end, what is left after
 *  it. A partition shows up after its first batch; a (re)join forgets the partitions, which may
 *  have moved to another member. Returns a function that forgets them for good (on stop). */
export function watchConsumerLag(consumer: Consumer, group: string): () => void {
  const seen = new Set<string>();
  const set = (topic: string, partition: number, lag: number) => {
    seen.add(`${topic}\u0000${partition}`);
    consumerLag.set({ group, topic, partition: String(partition) }, Math.max(0, lag));
  };
  const forget = () => {
    for (const key of seen) {
      const [topic, partition] = key.split('\u0000') as [string, string];
      consumerLag.remove({ group, topic, partition });
    }
    seen.clear();
  };
  consumer.on(consumer.events.START_BATCH_PROCESS, ({ payload }) =>
    set(payload.topic, payload.partition, Number(payload.offsetLagLow) + (payload.batchSize > 0 ? 1 : 0)),
  );
  consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) => set(payload.topic, payload.partition, Number(payload.offsetLag)));
  consumer.on(consumer.events.GROUP_JOIN, forget);
  return forget;
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
 *  The events are summed here rather than by a $group, which FerretDB answers with 0. */
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

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { Router, type RequestHandler } from 'express';
import type { Kafka } from 'kafkajs';
import type { z } from 'zod';
import { ConfigError, loadConfig, type KafkaEnv, type MongoEnv, type RedisEnv, type ServiceEnv } from './config';
import { answeringFirst, createApp, finishApp } from './http/app';
import { answerUnreadableRequests } from './http/client-errors';
import { serverFor } from './http/server';
import { declareRoute, RouteTable } from './http/route-table';
import { createKafka } from './kafka/client';
import { EventConsumer, consumerGroupId, type EventHandler } from './kafka/consumer';
import { Announcer, OutboxRelay, type OutboxModel } from './kafka/outbox';
import { EventProducer } from './kafka/producer';
import { KafkaProbe } from './kafka/probe';
import { JobRunner, type PeriodicJob } from './jobs';
import { Leases } from './leases';
import { createLogger, type Logger } from './logger';
import { enableProcessMetrics, metricsHandler, watchOutbox } from './metrics';
import { connectMongo, disconnectMongo, mongoConnected } from './mongo';
import { createRedis, redisReady, type Redis } from './redis';

type BaseConfig = z.infer<typeof ServiceEnv> & z.infer<typeof KafkaEnv> & z.infer<typeof RedisEnv> & Partial<z.infer<typeof MongoEnv>>;

/** What a service's `wire` gets to build its routes and event handlers from. */
export interface ServiceContext<C> {
  name: string;
  config: C;
  log: Logger;
  redis: Redis;
  kafka: Kafka;
  producer: EventProducer;
  /** Writes that add events to the written document's outbox and have them published at once; the
   *  models written must be among the wiring's `outboxes`. */
  announcer: Announcer;
}

/** What a service contributes: its routes, the events it consumes, the models with an outbox, the
 *  work it does by itself every so often. */
export interface Wiring {
  /** mounted in this order, each on the app itself (a router around them would be one more
   *  layer for every request to pass through) */
  routes: Router[];
  consumers?: EventHandler<z.ZodType<{ id: string }>>[];
  outboxes?: OutboxModel[];
  jobs?: PeriodicJob[];
  /** Called first when the service stops: ends what would keep it open (long-lived answers). */
  stop?: () => void | Promise<void>;
}

export interface ServiceDefinition<S extends z.ZodType<BaseConfig>> {
  name: string;
  config: S;
  /** connect to MONGO_URL / MONGO_DB (default true; the gateway has no database) */
  database?: boolean;
  /** JSON body limit; false leaves bodies unparsed */
  jsonLimit?: string | false;
  wire(context: ServiceContext<z.infer<S>>): Wiring | Promise<Wiring>;
}

export interface RunningService {
  server: Server;
  log: Logger;
  stop(): Promise<void>;
}

const SHUTDOWN_TIMEOUT_MS = 10_000;

export function createService<S extends z.ZodType<BaseConfig>>(definition: ServiceDefinition<S>) {
  return {
    start: () => startService(definition),
    /** Starts, stops gracefully on SIGTERM/SIGINT, and exits naming the problem if it cannot start. */
    async run(): Promise<void> {
      let running: RunningService;
      try {
        running = await startService(definition);
      } catch (err) {
        const message = err instanceof ConfigError ? err.message : `could not start: ${err instanceof Error ? err.message : String(err)}`;
        process.stderr.write(`${definition.name}: ${message}\n`);
        process.exit(1);
      }
      const shutdown = (signal: string) => {
        running.log.info({ signal }, 'shutting down');
        setTimeout(() => {
          running.log.error('shutdown timed out');
          process.exit(1);
        }, SHUTDOWN_TIMEOUT_MS).unref();
        running.stop().then(
          () => process.exit(0),
          (err: unknown) => {
            running.log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
    },
  };
}

async function startService<S extends z.ZodType<BaseConfig>>(definition: ServiceDefinition<S>): Promise<RunningService> {
  const config = loadConfig(definition.config);
  const log = createLogger(definition.name, config.LOG_LEVEL);
  enableProcessMetrics(definition.name);
  const useDatabase = definition.database ?? true;
  if (useDatabase) {
    if (!config.MONGO_URL || !config.MONGO_DB) throw new ConfigError('MONGO_URL and MONGO_DB are required');
    await connectMongo(config.MONGO_URL, config.MONGO_DB, log);
  }
  const redis = createRedis(config.REDIS_URL, log);
  const kafka = createKafka(definition.name, config.KAFKA_BROKERS, log);
  const producer = new EventProducer(kafka, log);
  const probe = new KafkaProbe(kafka);
  const relays = new Map<OutboxModel, OutboxRelay>();
  const leases = new Leases(redis, { service: definition.name, ...(useDatabase && { database: config.MONGO_DB }) }, log);

  const wiring = await definition.wire({
    name: definition.name,
    config,
    log,
    redis,
    kafka,
    producer,
    announcer: new Announcer((model, written) => {
      const relay = relays.get(model);
      if (!relay) throw new Error(`${model.modelName} is not among the service's outboxes`);
      relay.nudge(written);
    }),
  });
  for (const model of wiring.outboxes ?? []) {
    relays.set(model, new OutboxRelay({ model, producer, log, leases }));
    watchOutbox(model);
  }
  // a handler every replica runs hears every event in a consumer group of its own
  const groupOf = (handler: EventHandler<z.ZodType<{ id: string }>>) =>
    consumerGroupId(definition.name, handler.topic) + (handler.everyReplica ? `.${randomUUID()}` : '');
  const consumers = (wiring.consumers ?? []).map(
    (handler) => new EventConsumer({ kafka, groupId: groupOf(handler), handler, producer, log }),
  );
  const jobs = (wiring.jobs ?? []).map((job) => new JobRunner(job, log, leases));
  const usesKafka = relays.size > 0 || consumers.length > 0;

  const checks = () => ({
    ...(useDatabase && { database: mongoConnected() ? 'up' : 'down' }),
    ...(usesKafka && { kafka: probe.isReachable ? 'up' : 'down' }),
    ...(consumers.length > 0 && { consumers: consumers.every((c) => c.isHealthy) ? 'up' : 'down' }),
    redis: redisReady(redis) ? 'up' : 'down',
  });
  // What answering a request needs. Not Kafka: events wait in the writers' outboxes, and consumers
  // catch up, so a broker outage makes a service degraded (/health), not unready.
  const unavailable = () => (useDatabase && !mongoConnected() ? ['database'] : []);
  const app = createApp({
    log,
    jsonLimit: definition.jsonLimit,
    sampleRate: config.REQUEST_SAMPLE_RATE,
    slowRequestMs: config.SLOW_REQUEST_MS,
  });
  const health: RequestHandler = (_req, res) => {
    const current = checks();
    res.json({ status: Object.values(current).every((c) => c === 'up') ? 'ok' : 'degraded', checks: current });
  };
  // What the public may know (nginx serves it as /api/health): up or down, no components named.
  const status: RequestHandler = (_req, res) => void res.json({ status: unavailable().length > 0 ? 'down' : 'up' });
  const ready: RequestHandler = (_req, res) => {
    const down = unavailable();
    if (down.length === 0) res.json({ ready: true, checks: checks() });
    else res.status(503).json({ error: `Not ready: ${down.join(' and ')} unavailable`, code: 'not-ready', checks: checks() });
  };
  // the probes, Prometheus metrics (the gateway's are not public: nginx answers /api/metrics with a
  // 404), then the service's routes
  const probes = Router();
  declareRoute(probes, 'get', '/health', [health]);
  declareRoute(probes, 'get', '/status', [status]);
  declareRoute(probes, 'get', '/ready', [ready]);
  declareRoute(probes, 'get', '/metrics', [metricsHandler]);
  app.use(probes, ...wiring.routes);
  finishApp(app);
  const table = new RouteTable().addRoutesOf(probes, ...wiring.routes);

  if (usesKafka) {
    probe.start();
    producer.connect().catch((err: unknown) => log.warn({ err }, 'kafka not reachable yet; events wait in the outbox'));
  }
  const server = serverFor(app, answeringFirst(app, table)).listen(config.PORT, config.HOST);
  await once(server, 'listening'); // rejects on an 'error' first (the port is taken)
  // Callers keep connections open (nginx's upstream keepalive, the gateway's agent); closing an idle
  // one after Node's default 5 s races a request they are sending on it, which then fails.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerUnreadableRequests(server);
  consumers.forEach((consumer) => consumer.start());
  relays.forEach((relay) => relay.start());
  jobs.forEach((job) => job.start());
  log.info({ host: config.HOST, port: config.PORT }, 'listening');

  return {
    server,
    log,
    async stop() {
      await wiring.stop?.();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await Promise.all([...[...relays.values()].map((r) => r.stop()), ...consumers.map((c) => c.stop()), ...jobs.map((j) => j.stop())]);
      await producer.disconnect();
      await probe.stop();
      if (useDatabase) await disconnectMongo();
      await redis.quit().catch(() => redis.disconnect());
      log.info('stopped');
    },
  };
}

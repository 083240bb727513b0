import { once } from 'node:events';
import type { Server } from 'node:http';
import type { RequestHandler, Router } from 'express';
import type { z } from 'zod';
import { ConfigError, loadConfig, type KafkaEnv, type MongoEnv, type RedisEnv, type ServiceEnv } from './config';
import { createApp, finishApp } from './http/app';
import { answerUnreadableRequests } from './http/client-errors';
import { serverFor } from './http/server';
import type { EventHandler } from './kafka/consumer';
import type { Announcer, OutboxModel } from './kafka/outbox';
import type { EventProducer } from './kafka/producer';
import { JobRunner, type PeriodicJob } from './jobs';
import { Leases } from './leases';
import { createLogger, type Logger } from './logger';
import { enableProcessMetrics, metricsHandler } from './metrics';
import type { PartName, Parts } from './parts';
import type { Redis } from './redis';

export type { KafkaPart, MongoPart, PartName, Parts, RedisPart } from './parts';

/** The settings a service taking parts `U` reads: every service's, and each part's. */
export type ConfigOf<U extends PartName> = z.infer<typeof ServiceEnv> &
  ('mongo' extends U ? z.infer<typeof MongoEnv> : unknown) &
  ('redis' extends U ? z.infer<typeof RedisEnv> : unknown) &
  ('kafka' extends U ? z.infer<typeof KafkaEnv> : unknown);

/** What a service's `wire` gets to build its routes and event handlers from: of the parts `U` it
 *  takes, Redis's client and Kafka's producer and announcer (the database is mongoose's, which its
 *  models use as they are). */
export type ServiceContext<C, U extends PartName = PartName> = {
  name: string;
  config: C;
  log: Logger;
} & ('redis' extends U ? { redis: Redis } : unknown) &
  ('kafka' extends U
    ? {
        producer: EventProducer;
        /** Writes that add events to the written document's outbox and have them published at once; the
         *  models written must be among the wiring's `outboxes`. */
        announcer: Announcer;
      }
    : unknown);

/** What a service contributes: its routes, the events it consumes, the models with an outbox, the
 *  work it does by itself every so often. */
export interface Wiring {
  /** mounted in this order, each on the app itself (a router around them would be one more
   *  layer for every request to pass through) */
  routes: Router[];
  /** the events it consumes and the models whose outboxes it relays: with the Kafka part only */
  consumers?: EventHandler<z.ZodType<{ id: string }>>[];
  outboxes?: OutboxModel[];
  jobs?: PeriodicJob[];
  /** Work a replica does as it starts so that its first requests do not wait for it: /ready answers
   *  503 naming it until `done()` (the service bounds how long), while every request is answered
   *  meanwhile. The stack counts a replica as started once it is ready. */
  warming?: { name: string; done: () => boolean };
  /** Called first when the service stops: ends what would keep it open (long-lived answers). */
  stop?: () => void | Promise<void>;
}

export interface ServiceDefinition<S extends z.ZodType<ConfigOf<keyof P & PartName>>, P extends Parts> {
  name: string;
  config: S;
  /** The parts it uses, from the kit's parts (`mongoPart` of `@bazar/service-kit/mongo`, `redisPart`,
   *  `kafkaPart`): each is connected, checked by /health (the database by /ready too) and closed at
   *  stop; a part not taken is never loaded. */
  parts: P;
  /** JSON body limit; false leaves bodies unparsed */
  jsonLimit?: string | false;
  wire(context: ServiceContext<z.infer<S>, keyof P & PartName>): Wiring | Promise<Wiring>;
}

export interface RunningService {
  server: Server;
  log: Logger;
  stop(): Promise<void>;
}

const SHUTDOWN_TIMEOUT_MS = 10_000;

export function createService<S extends z.ZodType<ConfigOf<keyof P & PartName>>, P extends Parts>(definition: ServiceDefinition<S, P>) {
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

async function startService<S extends z.ZodType<ConfigOf<keyof P & PartName>>, P extends Parts>(
  definition: ServiceDefinition<S, P>,
): Promise<RunningService> {
  const config = loadConfig(definition.config);
  // the settings of the parts taken, which the config's type promises for them
  const settings = config as Partial<ConfigOf<PartName>>;
  const { mongo, redis: redisPart, kafka: kafkaPart } = definition.parts as Parts;
  const log = createLogger(definition.name, config.LOG_LEVEL);
  enableProcessMetrics(definition.name);
  if (mongo) await mongo.connect(settings.MONGO_URL!, settings.MONGO_DB!, log);
  const redis = redisPart?.create(settings.REDIS_URL!, log);
  const leases = redis && new Leases(redis, { service: definition.name, ...(mongo && { database: settings.MONGO_DB }) }, log);
  const kafka = kafkaPart?.open({ service: definition.name, brokers: settings.KAFKA_BROKERS!, log, leases });

  const context = {
    name: definition.name,
    config,
    log,
    ...(redis && { redis }),
    ...(kafka && { producer: kafka.producer, announcer: kafka.announcer }),
  } as ServiceContext<z.infer<S>, keyof P & PartName>;
  const wiring = await definition.wire(context);
  if (!kafka && (wiring.consumers?.length || wiring.outboxes?.length))
    throw new Error(`${definition.name} consumes or sends events without the Kafka part`);
  kafka?.take(wiring);
  const jobs = (wiring.jobs ?? []).map((job) => new JobRunner(job, log, leases));

  const checks = () => ({
    ...(mongo && { database: mongo.connected() ? 'up' : 'down' }),
    ...kafka?.checks(),
    ...(redis && redisPart && { redis: redisPart.ready(redis) ? 'up' : 'down' }),
  });
  // What answering a request needs. Not Kafka: events wait in the writers' outboxes, and consumers
  // catch up, so a broker outage makes a service degraded (/health), not unready. But a replica just
  // started is ready only once its every-replica consumers hear the events sent from then on: they
  // begin at the topic's end, and a live stream it served before would miss a change sent meanwhile.
  const unavailable = () => [...(mongo && !mongo.connected() ? ['database'] : []), ...(kafka && !kafka.listening() ? ['live events'] : [])];
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
    const down = [...unavailable(), ...(wiring.warming && !wiring.warming.done() ? [wiring.warming.name] : [])];
    if (down.length === 0) res.json({ ready: true, checks: checks() });
    else res.status(503).json({ error: `Not ready: ${down.join(' and ')} unavailable`, code: 'not-ready', checks: checks() });
  };
  // the probes, Prometheus metrics (the gateway's are not public: nginx answers /api/metrics with a
  // 404), then the service's routes
  // on the app itself: a router of their own would be one more for every request to pass through
  app.get('/health', health);
  app.get('/status', status);
  app.get('/ready', ready);
  app.get('/metrics', metricsHandler);
  app.use(...wiring.routes);
  finishApp(app);

  kafka?.connect();
  const server = serverFor(app).listen(config.PORT, config.HOST);
  await once(server, 'listening'); // rejects on an 'error' first (the port is taken)
  // Callers keep connections open (nginx's upstream keepalive, the gateway's agent); closing an idle
  // one after Node's default 5 s races a request they are sending on it, which then fails.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerUnreadableRequests(server);
  kafka?.start();
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
      await Promise.all([kafka?.stop(), ...jobs.map((j) => j.stop())]);
      await mongo?.disconnect();
      await redis?.quit().catch(() => redis.disconnect());
      log.info('stopped');
    },
  };
}

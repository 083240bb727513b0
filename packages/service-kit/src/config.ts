import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once and validates it; a missing or malformed setting throws a
 *  ConfigError naming every variable at fault. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    return env[name] === undefined && issue.path.length > 0 ? `${name} is not set` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

const url = (protocols: RegExp) => z.url({ protocol: protocols });

export const DEFAULT_REQUEST_SAMPLE_RATE = 0.01;
export const DEFAULT_SLOW_REQUEST_MS = 1_000;

/** Settings every service shares. */
export const ServiceEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535),
  /** Loopback by default; a container sets 0.0.0.0 so its network can reach it. */
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The fraction of requests arriving without a traceparent that are traced and logged anyway; a
   *  successful request is otherwise not logged (see observeRequests). */
  REQUEST_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(DEFAULT_REQUEST_SAMPLE_RATE),
  /** A request that takes longer is logged, whatever its answer. */
  SLOW_REQUEST_MS: z.coerce.number().int().positive().default(DEFAULT_SLOW_REQUEST_MS),
  /** Where spans are sent (OTLP over HTTP); empty or unset: tracing off. Read by telemetry/register.ts
   *  before the service starts; here so a malformed one is refused at start. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.union([z.literal(''), url(/^https?$/)]).optional(),
});

export const MongoEnv = z.object({
  MONGO_URL: url(/^mongodb(\+srv)?$/),
  MONGO_DB: z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, 'must be a database name'),
});

/** A comma-separated list, each entry trimmed, empty ones dropped. */
const commaList = z.string().transform((list) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

export const KafkaEnv = z.object({
  KAFKA_BROKERS: commaList.pipe(z.array(z.string().regex(/^[\w.-]+:\d+$/, 'must be host:port[,host:port]')).min(1)),
});

export const RedisEnv = z.object({ REDIS_URL: url(/^rediss?$/) });

/** A base URL of another service, for internal reads. */
export const ServiceUrl = url(/^https?$/).transform((u) => u.replace(/\/+$/, ''));

/** The base URLs of every replica of another service, comma-separated (the local stack's
 *  `--replicas`); one URL where a load balancer stands in front of them (a cluster's Service). */
export const ServiceUrls = commaList.pipe(z.array(ServiceUrl).min(1, 'must name at least one URL'));

/** What a service with a database, Kafka and Redis reads; extend it with its own URLs. */
export const StandardServiceEnv = ServiceEnv.extend(MongoEnv.shape).extend(KafkaEnv.shape).extend(RedisEnv.shape);
export type StandardServiceEnv = z.infer<typeof StandardServiceEnv>;

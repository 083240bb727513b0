import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The local stack's folder (infra/stack/paths.ts): its secrets, data and logs. */
export const stackDir = process.env.BAZAR_STACK_DIR ?? path.resolve(__dirname, '../../../.stack');

/** A secret the local stack made for this installation (infra/stack/secrets.ts). */
function installationSecret(name: string): string {
  const file = path.join(stackDir, 'secrets.json');
  let secrets: Record<string, string>;
  try {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    throw new Error(`${file} is missing: start the stack once (npm start), which makes the installation's secrets`);
  }
  const secret = secrets[name];
  if (!secret) throw new Error(`${file} holds no ${name}: delete it and start the stack again`);
  return secret;
}

/**
 * Where tests find the running stack. `npm test` exports these (infra/stack/components.ts STACK_ENV);
 * the defaults are the local ports, so `npx jest` works against a stack started by `npm start`.
 */
export const stackEnv = {
  webUrl: process.env.BAZAR_WEB_URL ?? 'http://localhost:8080',
  gatewayUrl: process.env.BAZAR_GATEWAY_URL ?? 'http://127.0.0.1:4000',
  catalogUrl: process.env.CATALOG_URL ?? 'http://127.0.0.1:4001',
  cartUrl: process.env.CART_URL ?? 'http://127.0.0.1:4002',
  orderUrl: process.env.ORDER_URL ?? 'http://127.0.0.1:4003',
  userUrl: process.env.USER_URL ?? 'http://127.0.0.1:4004',
  mediaUrl: process.env.MEDIA_URL ?? 'http://127.0.0.1:4005',
  mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
  /** the local database's Prometheus metrics (its debug address): the commands it has answered, by name */
  databaseMetricsUrl: process.env.BAZAR_DATABASE_METRICS_URL ?? 'http://127.0.0.1:8088/debug/metrics',
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  keycloakUrl: process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth',
  /** the user service's confidential client secret, made per installation */
  get userServiceClientSecret(): string {
    return process.env.KEYCLOAK_ADMIN_CLIENT_SECRET ?? installationSecret('BAZAR_USER_SERVICE_CLIENT_SECRET');
  },
  /** the installation's private key for identity tokens (infra/stack/secrets.ts): the tests state who
   *  is signed in to a service directly as the gateway does, in a token signed with it */
  get identitySigningKey(): string {
    return process.env.BAZAR_IDENTITY_SIGNING_KEY ?? installationSecret('BAZAR_IDENTITY_SIGNING_KEY');
  },
  /** its public key, which the services verify with (given to the service replicas tests start) */
  get identityVerifyKey(): string {
    return process.env.BAZAR_IDENTITY_VERIFY_KEY ?? installationSecret('BAZAR_IDENTITY_VERIFY_KEY');
  },
  /** the installation's private key for service tokens, with which the order service and the gateway
   *  call internal routes (the tests call those routes as the order service does) */
  get serviceSigningKey(): string {
    return process.env.BAZAR_SERVICE_SIGNING_KEY ?? installationSecret('BAZAR_SERVICE_SIGNING_KEY');
  },
  /** its public key, which every service verifies service tokens with */
  get serviceVerifyKey(): string {
    return process.env.BAZAR_SERVICE_VERIFY_KEY ?? installationSecret('BAZAR_SERVICE_VERIFY_KEY');
  },
  /** the sign-in form posts nginx lets one address make a minute, as the running stack's nginx.conf
   *  says (10 as shipped; more in npm test's stack, whose every browser signs in from 127.0.0.1) */
  get signInPostsPerMinute(): number {
    try {
      const config = readFileSync(path.join(stackDir, 'nginx', 'nginx.conf'), 'utf8');
      return Number(/zone=sign_in_forms:\S+ rate=(\d+)r\/m/.exec(config)?.[1] ?? 10);
    } catch {
      return 10;
    }
  },
  controlUrl: process.env.BAZAR_STACK_CONTROL_URL ?? 'http://127.0.0.1:4099',
  /** the API of the Toxiproxy between the services and Kafka, Redis and the database */
  toxiproxyUrl: process.env.BAZAR_TOXIPROXY_URL ?? 'http://127.0.0.1:8474',
  /** the JSON API of the local mail sink, which catches every mail the stack sends */
  mailUrl: process.env.BAZAR_MAIL_URL ?? 'http://127.0.0.1:8025',
};

/** Retries an assertion until it passes or the time is up, for effects that travel through Kafka.
 *  The default time covers a consumer group's rebalance: while a replica joins or leaves the group
 *  (the catalog replicas product-search.int.test.ts starts, beside the other tests), its members
 *  consume nothing, and in CI a cancelled order's units came back more than 15 s after the cancel. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 45_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** A service's answer to /health: `ok`, or `degraded` with the checks that are down. */
export const healthOf = async (url: string) =>
  (await (await fetch(`${url}/health`)).json()) as { status: string; checks: Record<string, string> };

/** The services and the gateway, each with a /health. */
const SERVICE_URLS = [stackEnv.catalogUrl, stackEnv.cartUrl, stackEnv.orderUrl, stackEnv.userUrl, stackEnv.mediaUrl, stackEnv.gatewayUrl];

/** Waits until every service says it is healthy; fails naming the first that does not in time. */
export async function everyServiceHealthy(timeoutMs = 60_000): Promise<void> {
  for (const url of SERVICE_URLS)
    await eventually(async () => expect({ url, ...(await healthOf(url)) }).toMatchObject({ url, status: 'ok' }), timeoutMs, 500);
}

/** The running stack's control token (infra/stack/control.ts): new at every start, readable by the
 *  stack's own user only. */
export const controlHeaders = (): Record<string, string> => {
  const file = path.join(stackDir, 'control-token');
  try {
    return { authorization: `Bearer ${readFileSync(file, 'utf8').trim()}` };
  } catch {
    throw new Error(
      `${file} is missing: the stack's control port runs only while a stack started by npm test, or by npm start with BAZAR_STACK_CONTROL=on, does`,
    );
  }
};

async function control(route: string): Promise<void> {
  const response = await fetch(`${stackEnv.controlUrl}${route}`, {
    method: 'POST',
    headers: controlHeaders(),
    signal: AbortSignal.timeout(240_000),
  });
  if (!response.ok) throw new Error(`stack control ${route}: ${response.status} ${await response.text()}`);
}

/** A component's figures as the control port's `/usage` gives them. */
type ComponentUsage = { rssBytes: number; cpuMs: number; startedAt: number };

/** Stops and starts components of the running stack through its supervisor (infra/stack/control.ts),
 *  for the fault tests, which run alone (BAZAR_TEST_PHASE=alone). */
export const stackControl = {
  stop: (name: string, how: { kill?: boolean } = {}) => control(`/components/${name}/stop${how.kill ? '?signal=SIGKILL' : ''}`),
  start: (name: string) => control(`/components/${name}/start`),
  /** Runs `count` replicas of each service and of the gateway (catalog, catalog-2, …), nginx balancing
   *  over the gateways; resolves once every one is ready. */
  replicas: (count: number) => control(`/replicas?count=${count}`),
  /** CPU time used so far, memory now and when it started, by component (Linux only: read from /proc). */
  usage: async (): Promise<Record<string, ComponentUsage>> => {
    const response = await fetch(`${stackEnv.controlUrl}/usage`, { headers: controlHeaders() });
    if (!response.ok) throw new Error(`stack control /usage: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, ComponentUsage>;
  },
};

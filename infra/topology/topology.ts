/**
 * The store's topology, declared once: every deployable and engine, the port it listens on, the image
 * it runs, and the environment it is given, each value said in words that hold wherever it runs (the
 * port of a neighbour, a secret, the store's public origin). Where it runs says what those words
 * become (place.ts): the native stack of `npm start` (infra/stack/components.ts), the engines'
 * containers of BAZAR_STACK=containers (infra/stack/containers.ts), docker-compose.yml and the Helm
 * chart's topology.generated.yaml (both written by infra/topology/generate.ts; the chart says each
 * name's value on a cluster in templates/_helpers.tpl, bazar.envVar). The ports are infra/stack/ports.ts'.
 *
 * The names a deployable is given are checked against its config schema when the files are generated
 * (a required setting given nowhere, or a given one nobody reads, stops the generator), and its
 * neighbours are the deployables its settings address.
 */
import { PORTS } from '../stack/ports.ts';

/** The identity tokens' and service tokens' key pairs and the installation's other secrets. */
export type SecretName =
  | 'BAZAR_IDENTITY_SIGNING_KEY'
  | 'BAZAR_IDENTITY_VERIFY_KEY'
  | 'BAZAR_SERVICE_SIGNING_KEY'
  | 'BAZAR_SERVICE_VERIFY_KEY'
  | 'BAZAR_USER_SERVICE_CLIENT_SECRET'
  | 'KC_BOOTSTRAP_ADMIN_PASSWORD';

/** What a setting's value is, in words every place understands. */
export type Value =
  /** the port the component itself listens on (its replica's, natively) */
  | { kind: 'port'; which?: 'smtp' }
  /** the interface and port it listens on, as `interface:port` */
  | { kind: 'bind'; which?: 'smtp' }
  /** the interface it listens on: loopback natively, every interface in a container */
  | { kind: 'listen' }
  /** the base URL of a neighbour inside the store: every replica of it, or one address */
  | { kind: 'address'; of: Addressed; replicas: 'each' | 'one' }
  /** the host name of another component, and a port of it */
  | { kind: 'host'; of: 'mail' }
  | { kind: 'portOf'; of: 'mail'; which: 'smtp' }
  /** a client's address of an engine */
  | { kind: 'engine'; of: 'mongo' | 'kafka' | 'redis' }
  /** Keycloak's address inside the store, with a path under /auth */
  | { kind: 'keycloak'; path: string }
  /** the store's public origin, as browsers reach it, with a path */
  | { kind: 'public'; path: string }
  /** the component's own database */
  | { kind: 'database' }
  | { kind: 'secret'; name: SecretName }
  /** a folder the component keeps files in, or a file of it */
  | { kind: 'dir'; of: 'media' | 'rendered' | 'mail'; file?: string }
  /** an operator's setting of the same name, with its default */
  | { kind: 'setting'; default: string }
  | { kind: 'plain'; value: string };

const port: Value = { kind: 'port' };
const listen: Value = { kind: 'listen' };
/** The deployables another one may address. */
type Addressed = 'catalog' | 'cart' | 'order' | 'user' | 'media' | 'gateway' | 'renderer' | 'nginx';
const each = (of: Addressed): Value => ({ kind: 'address', of, replicas: 'each' });
const one = (of: Addressed): Value => ({ kind: 'address', of, replicas: 'one' });
const engine = (of: 'mongo' | 'kafka' | 'redis'): Value => ({ kind: 'engine', of });
const secret = (name: SecretName): Value => ({ kind: 'secret', name });
const plain = (value: string): Value => ({ kind: 'plain', value });
const keycloak = (path = ''): Value => ({ kind: 'keycloak', path });
const logLevel: Value = { kind: 'setting', default: 'info' };
/** Where a Node deployable sends its spans (OTLP over HTTP, packages/service-kit/src/telemetry): none
 *  unless given, and then nothing of OpenTelemetry is loaded; the native stack gives its Jaeger's. */
const tracing: Value = { kind: 'setting', default: '' };

export type Kind = 'service' | 'gateway' | 'renderer' | 'web' | 'edge';
export type Environment = Record<string, Value>;

export interface Deployable {
  /** its workspace folder (the edge's: its configuration) */
  folder: string;
  kind: Kind;
  /** the image of the store's own it runs, or the official image of the edge */
  image: string;
  /** the port it listens on; the storefront apps and the edge: their nginx configuration's */
  port?: number;
  /** a Node deployable's config schema: the module and the name it exports */
  config?: { module: string; schema: string };
  env?: Environment;
  /** a one-shot job run from its image: the catalog's seed */
  job?: { name: string; script: string; env: Environment };
}

/** What every service reads: its port, its own database, Kafka (but media, which sends and consumes
 *  no events), Redis and the public keys. */
const serviceEnv = (extra: Environment = {}, { kafka = true } = {}): Environment => ({
  HOST: listen,
  PORT: port,
  MONGO_URL: engine('mongo'),
  MONGO_DB: { kind: 'database' },
  ...(kafka && { KAFKA_BROKERS: engine('kafka') }),
  REDIS_URL: engine('redis'),
  LOG_LEVEL: logLevel,
  OTEL_EXPORTER_OTLP_ENDPOINT: tracing,
  // every service verifies the gateway's identity tokens and the service tokens with these
  BAZAR_IDENTITY_VERIFY_KEY: secret('BAZAR_IDENTITY_VERIFY_KEY'),
  BAZAR_SERVICE_VERIFY_KEY: secret('BAZAR_SERVICE_VERIFY_KEY'),
  ...extra,
});
const service = (name: string, schema: string, env?: Environment, parts?: { kafka: boolean }): Deployable => ({
  folder: `services/${name}`,
  kind: 'service',
  image: `bazar/${name}`,
  port: PORTS[name as keyof typeof PORTS],
  config: { module: `services/${name}/src/config.ts`, schema },
  env: serviceEnv(env, parts),
});
/** A storefront app's image: nginx serving its build on :8080 (infra/docker/web-app.nginx.conf). */
const webApp = (name: string): Deployable => ({ folder: name, kind: 'web', image: `bazar/${name}`, port: 8080 });

/** The deployables, by the name compose and the cluster give them, in the order they start. */
export const DEPLOYABLES = {
  catalog: {
    ...service('catalog', 'CatalogConfig'),
    // inserts the demo catalog into empty collections, uploading its pictures to media
    job: {
      name: 'catalog-seed',
      script: 'services/catalog/dist/seed.js',
      env: serviceEnv({
        MEDIA_URL: one('media'),
        LOG_LEVEL: plain('error'),
        // it uploads its pictures as a user of its own, in a token it signs (media-client.ts)
        BAZAR_IDENTITY_SIGNING_KEY: secret('BAZAR_IDENTITY_SIGNING_KEY'),
      }),
    },
  },
  cart: service('cart', 'CartConfig', { CATALOG_URL: each('catalog') }),
  order: service('order', 'OrderConfig', {
    CATALOG_URL: each('catalog'),
    CART_URL: each('cart'),
    // signs its calls to the catalog's and the cart's internal routes
    BAZAR_SERVICE_SIGNING_KEY: secret('BAZAR_SERVICE_SIGNING_KEY'),
  }),
  user: service('user', 'UserConfig', {
    KEYCLOAK_URL: keycloak(),
    KEYCLOAK_REALM: plain('bazar'),
    KEYCLOAK_ADMIN_CLIENT_ID: plain('bazar-user-service'),
    KEYCLOAK_ADMIN_CLIENT_SECRET: secret('BAZAR_USER_SERVICE_CLIENT_SECRET'),
    MEDIA_ORIGINS: { kind: 'public', path: '' },
    // the order mails go through the SMTP server Keycloak's mails go through, and link to the store
    SMTP_HOST: { kind: 'host', of: 'mail' },
    SMTP_PORT: { kind: 'portOf', of: 'mail', which: 'smtp' },
    STORE_URL: { kind: 'public', path: '' },
  }),
  media: service(
    'media',
    'MediaConfig',
    { MEDIA_DIR: { kind: 'dir', of: 'media' }, MEDIA_PUBLIC_PATH: plain('/media/') },
    { kafka: false },
  ),
  gateway: {
    folder: 'gateway',
    kind: 'gateway',
    image: 'bazar/gateway',
    port: PORTS.gateway,
    config: { module: 'gateway/src/config.ts', schema: 'GatewayConfig' },
    env: {
      HOST: listen,
      PORT: port,
      CATALOG_URL: each('catalog'),
      CART_URL: each('cart'),
      ORDER_URL: each('order'),
      USER_URL: each('user'),
      MEDIA_URL: each('media'),
      REDIS_URL: engine('redis'),
      KAFKA_BROKERS: engine('kafka'),
      STORE_ORIGIN: { kind: 'public', path: '' },
      // Browsers reach Keycloak through the edge: tokens carry this issuer whatever address fetched them.
      OIDC_ISSUER: { kind: 'public', path: '/auth/realms/bazar' },
      OIDC_JWKS_URL: keycloak('/realms/bazar/protocol/openid-connect/certs'),
      OIDC_AUDIENCE: plain('bazar-api'),
      KEYCLOAK_URL: keycloak(),
      LOG_LEVEL: logLevel,
      OTEL_EXPORTER_OTLP_ENDPOINT: tracing,
      // signs who is signed in for the services; only the gateway (and the one-shot seed) hold it
      BAZAR_IDENTITY_SIGNING_KEY: secret('BAZAR_IDENTITY_SIGNING_KEY'),
      // signs its role lookups at the user service's internal route
      BAZAR_SERVICE_SIGNING_KEY: secret('BAZAR_SERVICE_SIGNING_KEY'),
    },
  },
  // The storefront's renderer: public pages with their content in the HTML, rendered by React in its
  // own process from the store's server builds as the edge serves them (the edge falls back to the
  // client-rendered app without it).
  renderer: {
    folder: 'renderer',
    kind: 'renderer',
    image: 'bazar/renderer',
    port: PORTS.renderer,
    config: { module: 'renderer/src/config.ts', schema: 'RendererConfig' },
    env: {
      HOST: listen,
      PORT: port,
      STORE_URL: one('nginx'),
      CATALOG_URL: one('catalog'),
      RENDERED_DIR: { kind: 'dir', of: 'rendered' },
      LOG_LEVEL: logLevel,
    },
  },
  shell: webApp('shell'),
  'mf-catalog': webApp('mf-catalog'),
  'mf-cart': webApp('mf-cart'),
  'mf-dashboard': webApp('mf-dashboard'),
  // the front door: the official nginx with the store's configuration (infra/nginx)
  nginx: { folder: 'infra/nginx', kind: 'edge', image: 'nginx:1.27', port: PORTS.web },
} satisfies Record<string, Deployable>;

export type DeployableName = keyof typeof DEPLOYABLES;
export const deployableNames = Object.keys(DEPLOYABLES) as (keyof typeof DEPLOYABLES)[];
export const deployable = (name: string): Deployable => (DEPLOYABLES as Record<string, Deployable>)[name]!;

/** The Node deployables the stack runs replicas of (the services and the gateway), in start order. */
export const REPLICATED = ['catalog', 'cart', 'order', 'user', 'media', 'gateway'] as const;
export type ReplicatedName = (typeof REPLICATED)[number];

/** The components an environment's settings address (Keycloak included): its neighbours. */
export function neighboursIn(env: Environment): string[] {
  const found = new Set<string>();
  for (const value of Object.values(env)) {
    if (value.kind === 'address') found.add(value.of);
    if (value.kind === 'keycloak') found.add('keycloak');
  }
  return [...found].sort();
}

/** The neighbours a deployable calls, its job's included. */
export const neighboursOf = (name: string): string[] => {
  const d = deployable(name);
  return [...new Set([...neighboursIn(d.env ?? {}), ...neighboursIn(d.job?.env ?? {})])].sort();
};

/**
 * V8 options of every Node deployable, wherever it runs (infra/docker/node-service.Dockerfile gives its
 * container the same; infra/test/docker-compose.test.ts holds it to them).
 * V8 allocates an object straight in the old generation once most objects from the same allocation
 * site have outlived a young collection ("pretenuring"), and keeps that decision. A burst of slow
 * requests (a cold gateway thrown into 60 orders a second, answers taking seconds) made it so for
 * sites every request passes through, and the gateway stayed slower for the rest of its life, with
 * longer young collections and frequent full ones (bench/results.md, 2026-11-30). A request's
 * objects live milliseconds, so the young generation is where they belong.
 */
export const NODE_DEPLOYABLE_FLAGS = [
  '--no-allocation-site-pretenuring',
  // OpenTelemetry's SDK, loaded before the deployable's modules so its instrumentations patch them;
  // it loads nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is given (resolved from the working folder,
  // the repository's or the image's /app, where node_modules holds the kit)
  '--import=@bazar/service-kit/telemetry/register',
];

/** The engines, on the images docker-compose.yml and BAZAR_STACK=containers run (Keycloak's is the
 *  base of infra/docker/keycloak.Dockerfile; MongoDB stands where the native stack runs FerretDB). */
export const ENGINES = {
  mongo: { image: 'mongo:7', port: PORTS.ferretdb },
  kafka: { image: 'apache/kafka:3.9.1', port: PORTS.kafka },
  redis: { image: 'redis:7', port: PORTS.redis },
  keycloak: { image: 'quay.io/keycloak/keycloak:26.4.7', port: PORTS.keycloak, managementPort: PORTS.keycloakManagement },
} as const;

/** Redis is a cache and rate-limit store: nothing to keep across restarts, wherever it runs. */
export const REDIS_COMMAND = ['redis-server', '--save', '', '--appendonly', 'no'];

/** A single-node KRaft broker in a container (compose, BAZAR_STACK=containers), as
 *  infra/kafka/server.properties is natively, advertising `advertised` to its clients. */
export const kafkaContainerEnv = (advertised: string): Record<string, string> => ({
  CLUSTER_ID: 'YmF6YXIta2Fma2EtMDAwMQ',
  KAFKA_NODE_ID: '1',
  KAFKA_PROCESS_ROLES: 'broker,controller',
  KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
  KAFKA_LISTENERS: `PLAINTEXT://:${PORTS.kafka},CONTROLLER://:9093`,
  KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${advertised}`,
  KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
  KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
  KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
  KAFKA_NUM_PARTITIONS: '1',
  KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
  KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
  KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
  KAFKA_MIN_INSYNC_REPLICAS: '1',
  KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
  KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
  KAFKA_LOG_RETENTION_HOURS: '168',
  KAFKA_HEAP_OPTS: '-Xms256m -Xmx512m',
});

/** Jaeger (v2, built from its Go module by infra/bin/install.mjs), the native stack's trace store: it
 *  takes spans over OTLP/HTTP and keeps them in memory for its UI and query API
 *  (infra/jaeger/config.yaml). Compose and the cluster have none: OTEL_EXPORTER_OTLP_ENDPOINT names
 *  the installation's collector there, if it has one. */
export const JAEGER = {
  port: PORTS.jaeger,
  otlpPort: PORTS.jaegerOtlp,
  grpcPort: PORTS.jaegerGrpc,
  otlpEndpoint: (host: string): string => `http://${host}:${PORTS.jaegerOtlp}`,
};

/** The mail sink, Mailpit (built from its Go module by infra/bin/install.mjs natively, its image in
 *  compose): every mail Keycloak and the user service send ends there and nothing is delivered. Its
 *  web inbox and API (/api/v1) answer on loopback only, wherever it runs, and ask no password: whoever
 *  reads a mail holds its links (a password reset acts for its account), so only the machine's own
 *  processes (the container's, in compose) reach them. SMTP listens where the component listens
 *  (loopback natively; the compose network, for Keycloak's container). The cluster sends through an
 *  SMTP relay of the installation's instead. */
export const MAIL = {
  image: 'axllent/mailpit:v1.33.1',
  port: PORTS.mail,
  smtpPort: PORTS.mailSmtp,
  env: {
    MP_SMTP_BIND_ADDR: { kind: 'bind', which: 'smtp' },
    MP_UI_BIND_ADDR: plain(`127.0.0.1:${PORTS.mail}`),
    MP_DATABASE: { kind: 'dir', of: 'mail', file: 'mailpit.db' },
    MP_MAX_MESSAGES: plain('1000'),
    // nothing of the sink reaches outside the machine: no release check, no reverse DNS of a sender,
    // no remote stylesheet or font of a mail fetched by the inbox
    MP_DISABLE_VERSION_CHECK: plain('true'),
    MP_SMTP_DISABLE_RDNS: plain('true'),
    MP_BLOCK_REMOTE_CSS_AND_FONTS: plain('true'),
  } as Environment,
};

/** Keycloak's options wherever it runs (the cluster's Keycloak resource says the ones it has fields
 *  for in those, and takes the rest as additionalOptions). */
export const KEYCLOAK_OPTIONS: Record<string, string> = {
  'hostname-backchannel-dynamic': 'true',
  'proxy-headers': 'xforwarded',
  // Brute-force protection stays on (the realm locks an account after 30 failures), but a user's
  // simultaneous sign-ins (two tabs, two devices) are not taken for an attack: Keycloak 26 refuses
  // them by default with 'user_temporarily_disabled' although no attempt failed.
  'spi-brute-force-protector-default-brute-force-detector-allow-concurrent-requests': 'true',
};

/** Keycloak's command-line options natively and in compose: its port, the issuer browsers see (the
 *  edge's /auth, whatever address fetched a token), KEYCLOAK_OPTIONS and the realm's import. */
export const keycloakArgs = (publicOrigin: string): string[] => [
  `--http-port=${ENGINES.keycloak.port}`,
  `--hostname=${publicOrigin}/auth`,
  ...Object.entries(KEYCLOAK_OPTIONS).map(([name, value]) => `--${name}=${value}`),
  '--import-realm',
];

/** What Keycloak is given wherever it runs (each place adds how it runs there: the native
 *  distribution in dev mode, or the image built for `start --optimized`). */
export const KEYCLOAK_ENV: Environment = {
  JAVA_OPTS_KC_HEAP: plain('-Xms256m -Xmx768m'),
  // the realm's smtpServer (import placeholders): the mail sink
  BAZAR_SMTP_HOST: { kind: 'host', of: 'mail' },
  BAZAR_SMTP_PORT: { kind: 'portOf', of: 'mail', which: 'smtp' },
  // import placeholder of the realm's user-service client (the user service gets the same value)
  BAZAR_USER_SERVICE_CLIENT_SECRET: secret('BAZAR_USER_SERVICE_CLIENT_SECRET'),
  // the master realm's first admin, reached on the internal address only (the edge does not forward it)
  KC_BOOTSTRAP_ADMIN_USERNAME: { kind: 'setting', default: 'admin' },
  KC_BOOTSTRAP_ADMIN_PASSWORD: secret('KC_BOOTSTRAP_ADMIN_PASSWORD'),
};

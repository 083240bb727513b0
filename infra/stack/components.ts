import { mkdir, readFile, writeFile, copyFile, access, symlink, rm, chmod, readdir, open } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { execa } from 'execa';
import { HOST, MAX_REPLICAS, PORTS, WEB_URL, replicaPort } from './ports.ts';
import { KEYCLOAK_HOME, PROJECT_NODE, ROOT, rootPath, stackPath } from './paths.ts';
import { createTopics } from './kafka-topics.ts';
import { renderNginxConfig, writeGatewayReplicas } from './nginx-config.ts';
import { installationIdentityKeys, installationSecrets, installationServiceKeys } from './secrets.ts';
import { demoAccountsWanted, prepareRealmImport } from './keycloak-realm.ts';
import { stackKindOf } from './stack-choice.ts';
import {
  DEPLOYABLES,
  JAEGER,
  KEYCLOAK_ENV,
  MAIL,
  NODE_DEPLOYABLE_FLAGS,
  REPLICATED,
  deployable,
  keycloakArgs,
  type DeployableName,
  type ReplicatedName,
} from '../topology/topology.ts';
import { environmentIn, portOf, type Place } from '../topology/place.ts';

/** One process of the local stack and how to tell that it is ready. */
export interface Component {
  name: string;
  /** Ports it listens on; they must be free before it starts. */
  ports: number[];
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** wait-on resources that all answer once the component is ready. */
  ready: string[];
  readyTimeoutMs: number;
  /** Work before the first start (writing config, formatting storage). */
  prepare?: () => Promise<void>;
  /** Work once it is ready (creating topics). */
  afterReady?: () => Promise<void>;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** `npm test` sets BAZAR_FAULT_PROXIES=1: the services then reach Kafka, FerretDB and Redis through
 *  Toxiproxy (see `toxiproxy` below), so the fault tests can slow or cut those connections. `npm
 *  start` and the benchmarks connect them directly, as a deployment does. */
export const FAULT_PROXIES = process.env.BAZAR_FAULT_PROXIES === '1';
const storePort = (direct: number, proxy: number) => (FAULT_PROXIES ? proxy : direct);

/** BAZAR_STACK=containers: Redis, MongoDB (in FerretDB's place), Kafka and Keycloak run in Docker
 *  containers (containers.ts) on the ports their processes would listen on, so everything below
 *  reaches them at the same addresses. */
export const CONTAINERS = stackKindOf(process.env.BAZAR_STACK) === 'containers';

const KAFKA_PORT_FOR_CLIENTS = storePort(PORTS.kafka, PORTS.kafkaProxy);
/** The address clients reach Kafka at, which the broker advertises. */
export const KAFKA_BROKERS = `${HOST}:${KAFKA_PORT_FOR_CLIENTS}`;
/** The services keep the driver's pool of connections, as on MongoDB: FerretDB 1.x on SQLite applied
 *  an update as read-document then write-document outside a transaction, so two updates of one
 *  document on two connections could lose one (100 concurrent `$inc` kept 10) until the install
 *  patched it to run one update of a collection at a time (infra/bin/install.mjs). */
const MONGO_URL = `mongodb://${HOST}:${storePort(PORTS.ferretdb, PORTS.ferretdbProxy)}`;
const REDIS_URL = `redis://${HOST}:${storePort(PORTS.redis, PORTS.redisProxy)}`;
const KEYCLOAK_INTERNAL_URL = `http://${HOST}:${PORTS.keycloak}/auth`;
const serviceUrl = (name: keyof typeof PORTS) => `http://${HOST}:${PORTS[name]}`;
const ENGINE_URLS = { mongo: MONGO_URL, kafka: KAFKA_BROKERS, redis: REDIS_URL };

/** The first replica keeps the component's name (`catalog`), the others are numbered (`catalog-2`). */
export const replicaName = (name: string, replica: number): string => (replica === 1 ? name : `${name}-${replica}`);
const replicaNumbers = (replicas: number) => Array.from({ length: replicas }, (_, at) => at + 1);
/** Every replica of a service, comma-separated: its callers take turns and pass over one that refuses
 *  connections (`Upstreams` in @bazar/service-kit). On a cluster the one address of a Service. */
const replicaUrls = (name: ReplicatedName, replicas: number) =>
  replicaNumbers(replicas)
    .map((replica) => `http://${HOST}:${replicaPort(PORTS[name], replica)}`)
    .join(',');

/** How many replicas of each service and of the gateway a stack runs: `--replicas N` on `up` and
 *  `exec`, or BAZAR_REPLICAS; one by default. */
export function replicasWanted(args: string[], env = process.env): number {
  const at = args.indexOf('--replicas');
  const given = at >= 0 ? args[at + 1] : env.BAZAR_REPLICAS;
  if (given === undefined || given === '') return 1;
  const replicas = Number(given);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS)
    throw new Error(`--replicas takes a whole number from 1 to ${MAX_REPLICAS}, not '${given}'`);
  return replicas;
}

/** Made on the first start and kept in .stack/secrets.json (infra/stack/secrets.ts). */
export const SECRETS = installationSecrets();
/** The identity tokens' key pair (issue 53): the gateway and the seed sign, the services verify. */
export const IDENTITY_KEYS = installationIdentityKeys();
/** The service tokens' key pair: the order service and the gateway sign their internal calls. */
export const SERVICE_KEYS = installationServiceKeys();
/** Whether the realm comes with the demo admin and shopper (not when NODE_ENV=production). */
export const DEMO_ACCOUNTS = demoAccountsWanted();

/** Writes what Keycloak imports on its start into `<home>/data/import` (keycloak-realm.ts). */
export const prepareKeycloakImport = (home: string) => prepareRealmImport(home, SECRETS, { demoAccounts: DEMO_ACCOUNTS });

/** Settings the native stack gives unless the environment says otherwise: the services send their
 *  spans to its Jaeger (OTEL_EXPORTER_OTLP_ENDPOINT= turns tracing off). */
const NATIVE_SETTINGS: Record<string, string> = { OTEL_EXPORTER_OTLP_ENDPOINT: JAEGER.otlpEndpoint(HOST) };

/** The native stack as a place of the topology (infra/topology): everything on loopback, a
 *  neighbour's every replica named in its URL setting, the installation's secrets from .stack. */
function placeOf(replicas: number): Place {
  const secrets = { ...SECRETS, ...IDENTITY_KEYS, ...SERVICE_KEYS };
  return {
    listen: HOST,
    address: (of, each) =>
      each === 'each' && of !== 'nginx' && (REPLICATED as readonly string[]).includes(of)
        ? replicaUrls(of as ReplicatedName, replicas)
        : `http://${HOST}:${portOf(of)}`,
    host: () => HOST,
    engine: (of) => ENGINE_URLS[of],
    keycloak: KEYCLOAK_INTERNAL_URL,
    publicOrigin: WEB_URL,
    secret: (name) => secrets[name],
    dir: (of) => stackPath(of),
    setting: (name, fallback) => process.env[name] ?? NATIVE_SETTINGS[name] ?? fallback,
  };
}

/** The environment the topology gives replica `replica` of a deployable, in a stack of `replicas`. */
const environmentOf = (name: DeployableName, replicas = 1, replica = 1) =>
  environmentIn(placeOf(replicas), deployable(name).env ?? {}, { port: replicaPort(portOf(name), replica), database: name });

const redis: Component = {
  name: 'redis',
  ports: [PORTS.redis],
  command: 'redis-server',
  args: ['--bind', HOST, '--port', String(PORTS.redis), '--save', '', '--appendonly', 'no', '--dir', stackPath('data')],
  ready: [`tcp:${HOST}:${PORTS.redis}`],
  readyTimeoutMs: 15_000,
  prepare: async () => void (await mkdir(stackPath('data'), { recursive: true })),
};

/** The layout of the documents the services keep. Raised when a change leaves older local documents
 *  unreadable to the services (2: outbox entries listed by event id, one cart document per
 *  shopper; 3: orders owned by the account id, with the lifecycle's statuses); a developer's local documents are then started afresh, since they are demo data the
 *  seed and the next sign-in bring back. */
const DOCUMENT_LAYOUT = '3';
const documentLayoutFile = stackPath('data', 'ferretdb-layout');

async function startAfreshOnOlderLayout(): Promise<void> {
  const found = await readFile(documentLayoutFile, 'utf8').catch(() => undefined);
  if (found?.trim() === DOCUMENT_LAYOUT) return;
  if (await exists(stackPath('data', 'ferretdb'))) {
    console.log(`  ferretdb  local documents are of an older layout (${found?.trim() ?? '1'}); starting them afresh`);
    await rm(stackPath('data', 'ferretdb'), { recursive: true, force: true });
    await rm(stackPath('data', 'ferretdb-state'), { recursive: true, force: true });
  }
  await mkdir(stackPath('data'), { recursive: true });
  await writeFile(documentLayoutFile, `${DOCUMENT_LAYOUT}\n`);
}

/** With FAULT_PROXIES, Toxiproxy keeps a proxy in front of Kafka, Redis and FerretDB that the
 *  services use, so the fault tests can add latency and cut connections
 *  (infra/test/network-faults.fault.test.ts); with no toxic it only passes bytes on. It starts before
 *  Kafka, which then advertises its proxy to clients. A proxy costs each database command and Kafka
 *  request a hop, which every order pays for in CPU: that is why only tests use it. */
const toxiproxyConfig = stackPath('toxiproxy.json');
const PROXIES = [
  { name: 'kafka', listen: PORTS.kafkaProxy, upstream: PORTS.kafka },
  { name: 'redis', listen: PORTS.redisProxy, upstream: PORTS.redis },
  { name: 'database', listen: PORTS.ferretdbProxy, upstream: PORTS.ferretdb },
];
const toxiproxy: Component = {
  name: 'toxiproxy',
  ports: [PORTS.toxiproxy, ...PROXIES.map((proxy) => proxy.listen)],
  command: stackPath('bin', 'toxiproxy-server'),
  args: ['-host', HOST, '-port', String(PORTS.toxiproxy), '-config', toxiproxyConfig],
  ready: [`http-get://${HOST}:${PORTS.toxiproxy}/version`, ...PROXIES.map((proxy) => `tcp:${HOST}:${proxy.listen}`)],
  readyTimeoutMs: 15_000,
  prepare: () =>
    writeFile(
      toxiproxyConfig,
      JSON.stringify(
        PROXIES.map(({ name, listen, upstream }) => ({
          name,
          listen: `${HOST}:${listen}`,
          upstream: `${HOST}:${upstream}`,
          enabled: true,
        })),
      ),
    ),
};

const ferretdb: Component = {
  name: 'ferretdb',
  ports: [PORTS.ferretdb, PORTS.ferretdbDebug],
  command: stackPath('bin', 'ferretdb'),
  args: [
    '--handler=sqlite',
    // WAL with synchronous=NORMAL: a commit no longer waits for an fsync, which every conditional
    // write paid for. A crash of FerretDB or of a service still
    // loses nothing committed; an OS crash or power cut may lose the commits since the last
    // checkpoint, which the patched FerretDB makes every 250 ms
    // (infra/ferretdb/patches/08-wal-checkpoints.patch), as MongoDB's own default (journal flushed
    // every 100 ms) may lose its last in docker-compose.
    // Each connection keeps its last 64 prepared statements (the C library's statement cache):
    // preparing the same few statements again for every command was a tenth of FerretDB's CPU
    // under the order flow.
    `--sqlite-url=file:${stackPath('data', 'ferretdb')}/?_pragma=synchronous(normal)&_stmt_cache_size=64`,
    `--state-dir=${stackPath('data', 'ferretdb-state')}`,
    `--listen-addr=${HOST}:${PORTS.ferretdb}`,
    `--debug-addr=${HOST}:${PORTS.ferretdbDebug}`,
    '--telemetry=disable',
    '--log-level=warn',
    // hands the backend a find's dotted conditions too (the outbox sweep's 'outboxPending.0'),
    // which its patched SQLite backend states in SQL where it safely can (infra/bin/install.mjs)
    '--test-enable-nested-pushdown',
  ],
  // Go's collector ran on every few megabytes of decoded documents: a sixth of FerretDB's CPU under
  // the order flow. A fourfold heap target (tens of MB) spends that on the orders instead.
  // One thread runs its Go code: its writes wait for one another anyway (one SQLite writer, one
  // update of a collection at a time), and with two its scheduler spun between them, costing CPU
  // an order for no more throughput.
  env: { GOGC: '400', GOMAXPROCS: '1' },
  ready: [`tcp:${HOST}:${PORTS.ferretdb}`],
  readyTimeoutMs: 20_000,
  prepare: async () => {
    await startAfreshOnOlderLayout();
    await mkdir(stackPath('data', 'ferretdb'), { recursive: true });
    await mkdir(stackPath('data', 'ferretdb-state'), { recursive: true });
  },
};

const kafkaConfig = stackPath('kafka', 'server.properties');
const kafkaJava = (mainClass: string, ...args: string[]) => [
  '-Xms256m',
  '-Xmx512m',
  '-cp',
  `${stackPath('kafka', 'libs')}/*`,
  `-Dlog4j.configuration=file:${rootPath('infra', 'kafka', 'log4j.properties')}`,
  mainClass,
  ...args,
];

const kafka: Component = {
  name: 'kafka',
  ports: [PORTS.kafka, PORTS.kafkaController],
  command: 'java',
  args: kafkaJava('kafka.Kafka', kafkaConfig),
  ready: [`tcp:${HOST}:${PORTS.kafka}`],
  readyTimeoutMs: 60_000,
  prepare: async () => {
    const logDirs = stackPath('data', 'kafka');
    const base = await readFile(rootPath('infra', 'kafka', 'server.properties'), 'utf8');
    // Clients bootstrap on the broker's port and are then sent to the one advertised here.
    const advertised = `advertised.listeners=PLAINTEXT://${HOST}:${KAFKA_PORT_FOR_CLIENTS}`;
    await writeFile(kafkaConfig, `${base}\n${advertised}\nlog.dirs=${logDirs}\n`);
    if (await exists(`${logDirs}/meta.properties`)) return;
    // KRaft storage is formatted once, with a fresh cluster id. One in 64 such ids starts with '-', which
    // the tool's parser would take for an option after `-t`: the id is given joined to its option.
    const clusterId = randomBytes(16).toString('base64url');
    await execa('java', kafkaJava('kafka.tools.StorageTool', 'format', `--cluster-id=${clusterId}`, '-c', kafkaConfig));
  },
  afterReady: () => createTopics(`${HOST}:${PORTS.kafka}`),
};

/** Catches every mail the stack sends (Keycloak's password resets and verifications, the order mails)
 *  in Mailpit (the topology's MAIL): its web inbox and API at http://127.0.0.1:8025, its database in
 *  .stack/mail; nothing leaves the machine. */
const mail: Component = {
  name: 'mail',
  ports: [PORTS.mailSmtp, PORTS.mail],
  command: stackPath('bin', 'mailpit'),
  args: [],
  env: environmentIn(placeOf(1), MAIL.env, { port: MAIL.port, smtpPort: MAIL.smtpPort }),
  // The mails' links act for their accounts: the folder is the stack's user's alone (0700), and the
  // database is made 0600 before Mailpit opens it, so SQLite gives its journal files the same mode.
  // The files of the sink before Mailpit (`{id}.eml`, `{id}.json`) go.
  prepare: async () => {
    const dir = stackPath('mail');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    for (const name of await readdir(dir)) {
      if (/^[0-9]{13}-[0-9a-f]{8}\.(eml|json)$/.test(name)) await rm(stackPath('mail', name), { force: true });
      else await chmod(stackPath('mail', name), 0o600);
    }
    await (await open(stackPath('mail', 'mailpit.db'), 'a', 0o600)).close();
  },
  ready: [`tcp:${HOST}:${PORTS.mailSmtp}`, `http-get://${HOST}:${PORTS.mail}/readyz`],
  readyTimeoutMs: 15_000,
};

/** Keeps the services' traces in memory (infra/jaeger/config.yaml): spans over OTLP/HTTP, its UI and
 *  query API at http://127.0.0.1:16686. A stack without it runs the same: the services' exporters
 *  drop what they cannot send. */
const jaeger: Component = {
  name: 'jaeger',
  ports: [JAEGER.port, JAEGER.otlpPort, JAEGER.grpcPort],
  command: stackPath('bin', 'jaeger'),
  args: ['--config', rootPath('infra', 'jaeger', 'config.yaml')],
  env: {
    JAEGER_HOST: HOST,
    JAEGER_UI_PORT: String(JAEGER.port),
    JAEGER_OTLP_PORT: String(JAEGER.otlpPort),
    JAEGER_GRPC_PORT: String(JAEGER.grpcPort),
    JAEGER_UI_ASSETS: rootPath('infra', 'jaeger', 'ui'),
  },
  ready: [`http-get://${HOST}:${JAEGER.port}/api/services`, `tcp:${HOST}:${JAEGER.otlpPort}`],
  readyTimeoutMs: 30_000,
};

/** Keycloak's options, natively and in its container: dev mode, the topology's options. */
export const KEYCLOAK_ARGS = [
  'start-dev',
  `--http-management-port=${PORTS.keycloakManagement}`,
  '--http-relative-path=/auth',
  ...keycloakArgs(`http://localhost:${PORTS.web}`),
];

/** Keycloak's environment (the topology's KEYCLOAK_ENV); `smtpHost` is where it finds the mail
 *  component, which starts before it. */
export const keycloakEnv = (smtpHost: string) => ({
  ...environmentIn({ ...placeOf(1), host: () => smtpHost }, KEYCLOAK_ENV, { port: PORTS.keycloak }),
  // The realm enables its `google` identity provider only when both credentials are given.
  GOOGLE_IDP_ENABLED: String(Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET)),
});

const keycloak: Component = {
  name: 'keycloak',
  ports: [PORTS.keycloak, PORTS.keycloakManagement],
  command: `${KEYCLOAK_HOME}/bin/kc.sh`,
  args: [...KEYCLOAK_ARGS, `--http-host=${HOST}`],
  env: keycloakEnv(HOST),
  ready: [`http-get://${HOST}:${PORTS.keycloak}/auth/realms/bazar/.well-known/openid-configuration`],
  readyTimeoutMs: 180_000,
  prepare: async () => {
    await prepareKeycloakImport(KEYCLOAK_HOME);
    // The store's providers (infra/keycloak/providers, built by install.mjs); dev mode picks up a
    // changed jar when it starts.
    await mkdir(`${KEYCLOAK_HOME}/providers`, { recursive: true });
    await copyFile(
      stackPath('keycloak-providers', 'bazar-keycloak-providers.jar'),
      `${KEYCLOAK_HOME}/providers/bazar-keycloak-providers.jar`,
    );
    // The store's login theme is served from the repository, so edits show on reload in dev mode.
    await rm(`${KEYCLOAK_HOME}/themes/bazar`, { recursive: true, force: true });
    await symlink(rootPath('infra', 'keycloak', 'themes', 'bazar'), `${KEYCLOAK_HOME}/themes/bazar`);
  },
};

const node = (name: string, folder: string, port: number, env: Record<string, string>): Component => ({
  name,
  ports: [port],
  command: PROJECT_NODE,
  args: [...NODE_DEPLOYABLE_FLAGS, rootPath(folder, 'dist', 'main.js')],
  env,
  ready: [`http-get://${HOST}:${port}/ready`],
  readyTimeoutMs: 30_000,
});

/** Every replica of each service, then of the gateway (the topology's order); each calls every
 *  replica of its neighbours. */
function appOf(replicas: number): Component[] {
  return REPLICATED.flatMap((name) =>
    replicaNumbers(replicas).map((replica) =>
      node(replicaName(name, replica), DEPLOYABLES[name].folder, replicaPort(PORTS[name], replica), environmentOf(name, replicas, replica)),
    ),
  );
}

const nginxConfig = stackPath('nginx', 'nginx.conf');
/** Has nginx balance over `gateways` gateway replicas (from its next start or SIGHUP). */
export const writeNginxGateways = (gateways: number) => writeGatewayReplicas(stackPath(), gateways);
const nginxOf = (gateways: number): Component => ({
  name: 'nginx',
  ports: [PORTS.web],
  command: 'nginx',
  args: ['-p', stackPath('nginx'), '-c', nginxConfig, '-g', 'daemon off;'],
  ready: [`http-get://${HOST}:${PORTS.web}/mf-remotes.json`],
  readyTimeoutMs: 15_000,
  prepare: async () => {
    for (const dir of ['nginx', 'logs', 'media', 'bench', 'releases']) await mkdir(stackPath(dir), { recursive: true });
    await writeFile(nginxConfig, renderNginxConfig({ root: ROOT, stack: stackPath(), port: PORTS.web }));
    await writeNginxGateways(gateways);
  },
});

/** The storefront's renderer (renderer/): the public pages with their content in the HTML, rendered by
 *  React in its own process from the storefront's server builds. It reads the store through nginx,
 *  which sends it those pages and serves the client-rendered app when it does not answer. */
const renderer = node('renderer', DEPLOYABLES.renderer.folder, PORTS.renderer, environmentOf('renderer'));

const proxies = FAULT_PROXIES ? [toxiproxy] : [];
/** With CONTAINERS, what runs natively beside the containers, which start after it. */
export const INFRA = CONTAINERS ? [...proxies, jaeger, mail] : [redis, ferretdb, ...proxies, kafka, jaeger, mail, keycloak];

/** The components of a stack with `replicas` of each service and of the gateway. */
export function stackOf(replicas: number): { APP: Component[]; WEB: Component[]; ALL: Component[] } {
  const APP = appOf(replicas);
  const WEB = [nginxOf(replicas), renderer];
  return { APP, WEB, ALL: [...INFRA, ...APP, ...WEB] };
}

/** The stack with one replica of everything, as `npm start` runs it. */
export const { APP, WEB, ALL } = stackOf(1);

/** The seed runs after the services are up; it only inserts into empty collections. */
export const SEED = {
  command: PROJECT_NODE,
  args: [rootPath(DEPLOYABLES.catalog.job.script)],
  env: environmentIn(placeOf(1), DEPLOYABLES.catalog.job.env, { port: PORTS.catalog, database: 'catalog' }),
};

/** Where tests and tools find the stack (exported to `exec`'d commands). They reach FerretDB and
 *  Redis directly, so a test that cuts the services' proxies can still look at the data; Kafka
 *  sends every client to the port it advertises. */
export const STACK_ENV = {
  BAZAR_WEB_URL: `http://localhost:${PORTS.web}`,
  BAZAR_GATEWAY_URL: serviceUrl('gateway'),
  MONGO_URL: `mongodb://${HOST}:${PORTS.ferretdb}`,
  KAFKA_BROKERS: `${HOST}:${PORTS.kafka}`,
  REDIS_URL: `redis://${HOST}:${PORTS.redis}`,
  BAZAR_TOXIPROXY_URL: `http://${HOST}:${PORTS.toxiproxy}`,
  KEYCLOAK_URL: KEYCLOAK_INTERNAL_URL,
  KEYCLOAK_ADMIN_CLIENT_SECRET: SECRETS.BAZAR_USER_SERVICE_CLIENT_SECRET,
  CATALOG_URL: serviceUrl('catalog'),
  CART_URL: serviceUrl('cart'),
  ORDER_URL: serviceUrl('order'),
  USER_URL: serviceUrl('user'),
  MEDIA_URL: serviceUrl('media'),
  BAZAR_STACK_CONTROL_URL: `http://${HOST}:${PORTS.stackControl}`,
  BAZAR_MAIL_URL: serviceUrl('mail'),
  BAZAR_JAEGER_URL: serviceUrl('jaeger'),
};

/**
 * docker-compose.yml, made from the topology (topology.ts): every deployable's service with its image,
 * port and environment, the engines on the topology's images, the topics of the contracts. What only
 * compose has is said here: how each container is built, its health check, volumes and networks, and
 * Keycloak run for production (`start --optimized` on a database of its own). generate.ts writes it.
 */
import { Document, isMap, isScalar, visit, type Node, type Pair } from 'yaml';
import { TOPICS, deadLetterTopic } from '../../packages/contracts/src/topics.ts';
import { PARTITIONS } from '../stack/kafka-topics.ts';
import { PORTS } from '../stack/ports.ts';
import { containerSite, containersEdge } from './edge.ts';
import { environmentIn, portOf, type Place } from './place.ts';
import {
  DEPLOYABLES,
  ENGINES,
  KEYCLOAK_ENV,
  MAIL,
  REDIS_COMMAND,
  deployableNames,
  keycloakArgs,
  kafkaContainerEnv,
  neighboursIn,
  type Deployable,
} from './topology.ts';

/** A secret from the `.env` beside the file: compose refuses to start while it is missing. */
const fromEnvFile = (name: string) => `\${${name}:?is not set: copy .env.example to .env and fill it in (see the README)}`;

/** Compose as a place of the topology: each component by its service name on the internal network,
 *  listening on every interface of its container, the secrets from the env file. */
export const COMPOSE: Place = {
  listen: '0.0.0.0',
  address: (of) => `http://${of}:${portOf(of)}`,
  host: (of) => of,
  engine: (of) =>
    ({
      mongo: `mongodb://mongo:${ENGINES.mongo.port}`,
      kafka: `kafka:${ENGINES.kafka.port}`,
      redis: `redis://redis:${ENGINES.redis.port}`,
    })[of],
  keycloak: `http://keycloak:${ENGINES.keycloak.port}/auth`,
  publicOrigin: `http://localhost:${PORTS.web}`,
  secret: fromEnvFile,
  dir: (of) => `/var/lib/bazar/${of}`,
  setting: (name, fallback) => `\${${name}:-${fallback}}`,
};

const healthy = { condition: 'service_healthy' };
const NODE_HEALTHCHECK = {
  // Readiness as the local stack waits for it: GET /ready on the service's own port.
  test: [
    'CMD',
    'node',
    '-e',
    "fetch('http://127.0.0.1:' + process.env.PORT + '/ready') .then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))",
  ],
  interval: '5s',
  timeout: '5s',
  retries: 30,
  start_period: '20s',
};
const nodeBuild = (folder: string) => ({
  context: '.',
  dockerfile: 'infra/docker/node-service.Dockerfile',
  args: { APP_DIR: folder },
});

/** What a Node deployable waits for: the engines it reads and the neighbours it calls. */
function dependsOn(d: Deployable): Record<string, { condition: string }> {
  const reads = new Set(Object.keys(d.env ?? {}));
  return {
    ...(reads.has('MONGO_URL') && { mongo: healthy }),
    ...(reads.has('REDIS_URL') && { redis: healthy }),
    ...(reads.has('KAFKA_BROKERS') && { 'kafka-topics': { condition: 'service_completed_successfully' } }),
    // the edge (the renderer's STORE_URL) starts after the renderer's callers, not before it
    ...Object.fromEntries(
      neighboursIn(d.env ?? {})
        .filter((other) => other !== 'nginx')
        .map((other) => [other, healthy]),
    ),
  };
}

function nodeService(name: string, d: Deployable) {
  return {
    build: nodeBuild(d.folder),
    image: d.image,
    restart: 'unless-stopped',
    environment: environmentIn(COMPOSE, d.env ?? {}, { port: portOf(name as keyof typeof DEPLOYABLES), database: name }),
    ...(name === 'media' && { volumes: ['media:/var/lib/bazar/media'] }),
    ...(d.kind === 'renderer' && { volumes: ['rendered-pages:/var/lib/bazar/rendered'] }),
    healthcheck: NODE_HEALTHCHECK,
    depends_on: dependsOn(d),
  };
}

const webApp = (name: string, d: Deployable) => ({
  build: { context: '.', dockerfile: 'infra/docker/web-app.Dockerfile', args: { APP: name } },
  image: d.image,
  restart: 'unless-stopped',
  healthcheck: {
    test: ['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1:8080/healthz'],
    interval: '10s',
    timeout: '3s',
    retries: 6,
  },
});

const topicSpecs = Object.values(TOPICS)
  .flatMap((topic) => [`${topic}:${PARTITIONS}`, `${deadLetterTopic(topic)}:1`])
  .join(' ');

const engines = {
  mongo: {
    image: ENGINES.mongo.image,
    restart: 'unless-stopped',
    volumes: ['mongo-data:/data/db'],
    healthcheck: {
      test: ['CMD', 'mongosh', '--quiet', '--eval', "db.adminCommand('ping').ok"],
      interval: '10s',
      timeout: '10s',
      retries: 12,
      start_period: '20s',
    },
  },
  kafka: {
    image: ENGINES.kafka.image,
    restart: 'unless-stopped',
    environment: { ...kafkaContainerEnv(COMPOSE.engine('kafka')), KAFKA_LOG_DIRS: '/var/lib/kafka/data' },
    volumes: ['kafka-data:/var/lib/kafka/data'],
    healthcheck: {
      test: [
        'CMD-SHELL',
        `/opt/kafka/bin/kafka-broker-api-versions.sh --bootstrap-server 127.0.0.1:${ENGINES.kafka.port} > /dev/null 2>&1`,
      ],
      interval: '10s',
      timeout: '20s',
      retries: 12,
      start_period: '20s',
    },
  },
  'kafka-topics': {
    image: ENGINES.kafka.image,
    restart: 'no',
    depends_on: { kafka: healthy },
    environment: { KAFKA_HEAP_OPTS: '-Xmx128m' },
    entrypoint: ['/bin/sh', '-ec'],
    command: [
      [
        `for spec in ${topicSpecs}; do`,
        `  /opt/kafka/bin/kafka-topics.sh --bootstrap-server ${COMPOSE.engine('kafka')} --create --if-not-exists \\`,
        '    --topic "$${spec%:*}" --partitions "$${spec##*:}" --replication-factor 1',
        'done',
        '',
      ].join('\n'),
    ],
  },
  redis: {
    image: ENGINES.redis.image,
    restart: 'unless-stopped',
    command: REDIS_COMMAND,
    healthcheck: { test: ['CMD', 'redis-cli', 'ping'], interval: '5s', timeout: '3s', retries: 12 },
  },
  mail: {
    image: MAIL.image,
    restart: 'unless-stopped',
    environment: environmentIn(COMPOSE, MAIL.env, { port: MAIL.port, smtpPort: MAIL.smtpPort }),
    volumes: ['mail:/var/lib/bazar/mail'],
    // the image's own probe: GET /readyz on the inbox's address (MP_UI_BIND_ADDR)
    healthcheck: { test: ['CMD', '/mailpit', 'readyz'], interval: '5s', timeout: '3s', retries: 12 },
  },
  'keycloak-db': {
    image: 'postgres:17',
    restart: 'unless-stopped',
    environment: { POSTGRES_DB: 'keycloak', POSTGRES_USER: 'keycloak', POSTGRES_PASSWORD: fromEnvFile('KEYCLOAK_DB_PASSWORD') },
    volumes: ['keycloak-db-data:/var/lib/postgresql/data'],
    healthcheck: { test: ['CMD', 'pg_isready', '-U', 'keycloak', '-d', 'keycloak'], interval: '5s', timeout: '3s', retries: 12 },
  },
  keycloak: {
    build: { context: '.', dockerfile: 'infra/docker/keycloak.Dockerfile' },
    image: 'bazar/keycloak',
    restart: 'unless-stopped',
    // plain HTTP on the internal network only: the edge nginx is the one door
    command: ['start', '--optimized', '--http-enabled=true', ...keycloakArgs(COMPOSE.publicOrigin)],
    environment: {
      ...environmentIn(COMPOSE, KEYCLOAK_ENV, { port: ENGINES.keycloak.port }),
      NODE_ENV: '${NODE_ENV:-development}',
      GOOGLE_CLIENT_ID: '${GOOGLE_CLIENT_ID:-}',
      GOOGLE_CLIENT_SECRET: '${GOOGLE_CLIENT_SECRET:-}',
      KC_DB_URL: 'jdbc:postgresql://keycloak-db:5432/keycloak',
      KC_DB_USERNAME: 'keycloak',
      KC_DB_PASSWORD: fromEnvFile('KEYCLOAK_DB_PASSWORD'),
    },
    networks: ['default', 'edge'],
    depends_on: { mail: healthy, 'keycloak-db': healthy },
    volumes: [
      './infra/keycloak/realms:/opt/keycloak/bazar/realms:ro',
      './infra/keycloak/demo-users:/opt/keycloak/bazar/demo-users:ro',
      './infra/keycloak/themes:/opt/keycloak/themes:ro',
    ],
    healthcheck: {
      test: [
        'CMD',
        'bash',
        '-c',
        `exec 3<>/dev/tcp/127.0.0.1/${ENGINES.keycloak.port} && printf "GET /auth/realms/bazar/.well-known/openid-configuration HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n" >&3 && head -n 1 <&3 | grep -q " 200 "`,
      ],
      interval: '10s',
      timeout: '5s',
      retries: 30,
      start_period: '60s',
    },
  },
};

/** The compose edge's nginx.conf, made from infra/nginx/bazar.conf.template by generate.ts. */
export const EDGE_CONFIG = 'infra/nginx/compose.generated.conf';

/** Its text: the neighbours by their service names, asked of Docker's DNS. */
export const composeEdgeConfig = (): string => containersEdge(COMPOSE, containerSite(portOf('nginx')), '127.0.0.11');

function edge(d: Deployable) {
  const waitsFor = deployableNames.filter((name) => ['gateway', 'web'].includes(DEPLOYABLES[name].kind));
  return {
    image: d.image,
    restart: 'unless-stopped',
    user: 'nginx',
    ports: [`127.0.0.1:${PORTS.web}:${portOf('nginx')}`],
    networks: ['default', 'edge'],
    volumes: [
      `./${EDGE_CONFIG}:/etc/nginx/nginx.conf:ro`,
      './infra/nginx/security-headers.conf:/etc/nginx/security-headers.conf:ro',
      `media:${COMPOSE.dir('media')}:ro`,
      `rendered-pages:${COMPOSE.dir('rendered')}:ro`,
    ],
    healthcheck: {
      test: ['CMD', 'curl', '-fsS', '-o', '/dev/null', `http://127.0.0.1:${portOf('nginx')}/mf-remotes.json`],
      interval: '10s',
      timeout: '3s',
      retries: 6,
    },
    depends_on: Object.fromEntries([...waitsFor, 'keycloak'].sort().map((name) => [name, healthy])),
  };
}

function deployables(): Record<string, unknown> {
  const services: Record<string, unknown> = {};
  for (const name of deployableNames) {
    const d: Deployable = DEPLOYABLES[name];
    if (d.kind === 'web') services[name] = webApp(name, d);
    else if (d.kind === 'edge') services[name] = edge(d);
    else services[name] = nodeService(name, d);
    if (d.job)
      services[d.job.name] = {
        build: nodeBuild(d.folder),
        image: d.image,
        restart: 'no',
        command: ['node', d.job.script],
        environment: environmentIn(COMPOSE, d.job.env, { port: portOf(name), database: name }),
        depends_on: Object.fromEntries([name, ...neighboursIn(d.job.env)].map((other) => [other, healthy])),
      };
  }
  return services;
}

/** Comments of the generated file, by the path of the key they stand before. */
const COMMENTS: Record<string, string> = {
  'services.mongo': 'The engines, on the images of the topology (ENGINES): BAZAR_STACK=containers runs the same.',
  'services.kafka.environment': 'a single-node KRaft broker, as infra/kafka/server.properties, with listeners for this network',
  'services.kafka-topics':
    'One-shot: the topics of packages/contracts (src/topics.ts) with the partition count of\ninfra/stack/kafka-topics.ts, and a dead-letter twin of each.',
  'services.redis.command': 'a cache and rate-limit store: nothing to keep across restarts (as in the local stack)',
  'services.mail':
    "The mail sink, Mailpit: every mail Keycloak and the user service send ends here and nothing is delivered.\nIts web inbox and API stay on the container's loopback (a mail's links act for its account):\n`docker compose exec mail wget -qO- http://127.0.0.1:8025/api/v1/messages`.",
  'services.keycloak-db':
    "Keycloak's own database: `start` keeps realms, accounts and sessions in a real database (the dev-file\nstore is for start-dev only), on the internal network alone.",
  'services.keycloak':
    "The official image built for `start --optimized` with the store's providers, its database kind, health\nendpoints and /auth path, and the Google switch (infra/docker/keycloak.Dockerfile). Plain HTTP on the\ninternal network only: the edge nginx is the one door, and says what the browser asked for in\nX-Forwarded-* (which Keycloak believes from it alone). The demo accounts are imported unless NODE_ENV is\n`production`, Google sign-in is enabled when both credentials are given (infra/keycloak/entrypoint.sh).",
  'services.keycloak.networks': 'the internal network, and the edge for its calls to Google (Google sign-in)',
  'services.keycloak.volumes':
    "Imported when the database has no such realm yet (the entrypoint copies them into data/import); the\nrealm then lives in keycloak-db. And the store's login theme.",
  'services.catalog': 'The services, the gateway and the renderer (infra/docker/node-service.Dockerfile).',
  'services.catalog-seed': 'One-shot: the demo catalog, inserted only into empty collections.',
  'services.shell': 'The storefront apps (infra/docker/web-app.Dockerfile): nginx serving each build on :8080.',
  'services.nginx': 'The front door: the one published port, on loopback.',
  'networks.default':
    'The services, stores, broker and Keycloak talk here: no port of it is published and nothing on it\nreaches outside the host.',
  'networks.edge': "The front door's network: nginx's one published port, and Keycloak's way out to Google.",
};

function comment(doc: Document, at: string, text: string): void {
  const parts = at.split('.');
  const parent = doc.getIn(parts.slice(0, -1), true) as Node | undefined;
  if (!isMap(parent)) throw new Error(`compose.ts: no map at ${parts.slice(0, -1).join('.')}`);
  const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === parts.at(-1)) as Pair<Node> | undefined;
  if (!pair) throw new Error(`compose.ts: no key ${at} to comment`);
  pair.key.commentBefore = text
    .split('\n')
    .map((line) => ` ${line}`)
    .join('\n');
}

export const HEADER = `Generated by infra/topology/generate.ts from the store's topology (infra/topology/topology.ts); do not edit.
Regenerate: node --import tsx infra/topology/generate.ts (infra/topology/generated.test.ts fails while it differs).

Bazar on official images: \`docker compose up --build\`, then http://localhost:8080.

The same system as the local stack of \`npm start\`: the same ports inside the compose network, the same
environment for every service (both from the topology), the same Kafka topics, the same nginx routes
(its nginx.conf and the local stack's are made from infra/nginx/bazar.conf.template). Only the front
nginx publishes a port, on loopback. Everything else is on an internal network with no way out
(Keycloak also joins the edge network, for Google sign-in), and the services believe who is signed in
only from an identity token the gateway signs for a minute with the installation's private key; they
hold only the public key (SECURITY.md). No secret is written here: they come from an \`.env\` beside
this file (ignored by git), made from \`.env.example\` as the README says; compose refuses to start
while one is missing.

Build or run one deployable alone: \`docker compose build cart\`, \`docker compose up -d --build mf-cart\`.`;

/** docker-compose.yml's text (before formatting). */
export function composeFile(): string {
  const file = {
    name: 'bazar',
    services: { ...engines, ...deployables() },
    networks: { default: { internal: true }, edge: {} },
    volumes: { 'rendered-pages': null, 'mongo-data': null, 'kafka-data': null, 'keycloak-db-data': null, media: null, mail: null },
  };
  // YAML 1.1's quoting, as compose reads it: 'no' and 'false' stay strings
  const doc = new Document(file, { version: '1.1', aliasDuplicateObjects: false });
  doc.commentBefore = HEADER.split('\n')
    .map((line) => (line ? ` ${line}` : ''))
    .join('\n');
  for (const [at, text] of Object.entries(COMMENTS)) comment(doc, at, text);
  // a short list or one-setting map on one line ([CMD, redis-cli, ping], { condition: service_healthy }),
  // and a blank line between services
  visit(doc, {
    Map: (_, map) => {
      const [only] = map.items;
      if (map.items.length === 1 && isScalar(only?.key) && isScalar(only.value) && String(only.value.value).length < 60) map.flow = true;
    },
    Seq: (_, seq) => {
      if (seq.items.every(isScalar) && seq.items.reduce((length, item) => length + String(item.value).length + 2, 0) < 100) seq.flow = true;
    },
  });
  const services = doc.get('services', true);
  if (isMap(services)) for (const pair of services.items.slice(1)) if (isScalar(pair.key)) pair.key.spaceBefore = true;
  return doc.toString({ lineWidth: 0 });
}

/**
 * BAZAR_STACK=containers: Redis, MongoDB, Kafka and Keycloak in Docker containers started with
 * testcontainers, on the images of docker-compose.yml (ENGINES in infra/topology), in place of the native stack's
 * processes. Each container publishes on the port its native process listens on (ports.ts, loopback
 * only), so the services, gateway, renderer and nginx, which still run natively, and the tests reach
 * them through the same environment variables and nginx config, Kafka can advertise its address
 * before it starts (or its fault proxy's), and Toxiproxy forwards to them as it does natively.
 * testcontainers' own modules (@testcontainers/kafka, mongodb, redis) publish on random ports and set
 * their own Kafka listeners and MongoDB replica set, hence plain containers with compose's settings
 * (the topology's, which compose is generated from).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { GenericContainer, TestContainers, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { KAFKA_BROKERS, KEYCLOAK_ARGS, keycloakEnv, prepareKeycloakImport } from './components.ts';
import { createTopics } from './kafka-topics.ts';
import { ENGINES, REDIS_COMMAND, kafkaContainerEnv } from '../topology/topology.ts';
import { HOST, PORTS } from './ports.ts';
import { rootPath, stackPath } from './paths.ts';
import { StackError } from './stack-error.ts';

/** Whether a Docker engine answers where testcontainers looks for one (DOCKER_HOST,
 *  ~/.testcontainers.properties, the usual sockets). */
export async function dockerAnswers(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** A container published on the stack's own ports, on loopback only like every port of the stack:
 *  testcontainers' fixed bindings would listen on every interface of the developer's machine. */
class StoreContainer extends GenericContainer {
  publishedAs(ports: Record<number, number>): this {
    for (const [inside, outside] of Object.entries(ports)) {
      this.withExposedPorts({ container: Number(inside), host: outside });
      this.hostConfig.PortBindings = { ...this.hostConfig.PortBindings, [`${inside}/tcp`]: [{ HostIp: HOST, HostPort: String(outside) }] };
    }
    return this;
  }
}

interface StoreDefinition {
  name: string;
  container: () => Promise<GenericContainer>;
  afterReady?: () => Promise<void>;
}

const redis: StoreDefinition = {
  name: 'redis',
  container: async () =>
    new StoreContainer(ENGINES.redis.image)
      .withCommand(REDIS_COMMAND)
      .publishedAs({ [ENGINES.redis.port]: PORTS.redis })
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)),
};

/** MongoDB where the native stack runs FerretDB, as docker-compose.yml does. */
const mongo: StoreDefinition = {
  name: 'mongo',
  container: async () =>
    new StoreContainer(ENGINES.mongo.image)
      .publishedAs({ [ENGINES.mongo.port]: PORTS.ferretdb })
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)),
};

/** A single-node KRaft broker as in docker-compose.yml, advertising the address the services use
 *  (its fault proxy's under `npm test`, as natively). */
const kafka: StoreDefinition = {
  name: 'kafka',
  container: async () =>
    new StoreContainer(ENGINES.kafka.image)
      .withEnvironment(kafkaContainerEnv(KAFKA_BROKERS))
      .publishedAs({ [ENGINES.kafka.port]: PORTS.kafka })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/)),
  afterReady: () => createTopics(`${HOST}:${PORTS.kafka}`),
};

/** Keycloak's official image with what the native stack gives it: the realm import with this
 *  installation's secrets, the store's providers (built by install.mjs) and login theme. It sends its
 *  mail to the native mail component through testcontainers' way back to the host. */
const keycloak: StoreDefinition = {
  name: 'keycloak',
  container: async () => {
    const home = stackPath('keycloak-container');
    await prepareKeycloakImport(home);
    await TestContainers.exposeHostPorts(PORTS.mailSmtp);
    return new StoreContainer(ENGINES.keycloak.image)
      .withCommand(KEYCLOAK_ARGS)
      .withEnvironment(keycloakEnv('host.testcontainers.internal'))
      .withCopyDirectoriesToContainer([
        { source: `${home}/data/import`, target: '/opt/keycloak/data/import' },
        { source: rootPath('infra', 'keycloak', 'themes', 'bazar'), target: '/opt/keycloak/themes/bazar' },
      ])
      .withCopyFilesToContainer([
        {
          source: stackPath('keycloak-providers', 'bazar-keycloak-providers.jar'),
          target: '/opt/keycloak/providers/bazar-keycloak-providers.jar',
        },
      ])
      .publishedAs({ [PORTS.keycloak]: PORTS.keycloak })
      .withWaitStrategy(Wait.forHttp('/auth/realms/bazar/.well-known/openid-configuration', PORTS.keycloak).forStatusCode(200))
      .withStartupTimeout(180_000);
  },
};

/** In the order the native stack starts them. */
const STORES = [redis, mongo, kafka, keycloak];

/** The running containers. The fault tests stop and start them through the stack's control port
 *  (control.ts) as they do the native processes: a stopped container keeps its data and its ports. */
export interface StoreContainers {
  names(): string[];
  /** Stops one as the runner stops a process: 15 s after SIGTERM, or killed at once with SIGKILL. */
  stop(name: string, signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts a stopped one again, and returns once it is ready. */
  start(name: string): Promise<void>;
  /** Stops and removes every one, with its data: every run starts afresh. */
  stopAll(): Promise<void>;
}

/** Starts every store's container, each ready before the next; their output goes to .stack/logs. */
export async function startStoreContainers(report: (name: string, seconds: number) => void): Promise<StoreContainers> {
  const started = new Map<string, StartedTestContainer>();
  const running = (name: string) => {
    const container = started.get(name);
    if (!container) throw new StackError(`No container named ${name}: one of ${[...started.keys()].join(', ')}`);
    return container;
  };
  const stopAll = async () => {
    for (const container of [...started.values()].reverse()) await container.stop({ timeout: 15_000 });
    started.clear();
  };
  await mkdir(stackPath('logs'), { recursive: true });
  for (const store of STORES) {
    const startedAt = Date.now();
    const log = stackPath('logs', `${store.name}-container.log`);
    try {
      const container = (await store.container()).withLogConsumer((stream) => stream.pipe(createWriteStream(log, { flags: 'a' })));
      started.set(store.name, await container.start());
      await store.afterReady?.();
    } catch (error) {
      await stopAll();
      throw new StackError(
        `The ${store.name} container did not start: ${error instanceof Error ? error.message : String(error)} (its output: ${log})`,
      );
    }
    report(store.name, (Date.now() - startedAt) / 1000);
  }
  return {
    names: () => [...started.keys()],
    stop: async (name, signal) => {
      const client = await getContainerRuntimeClient();
      await client.container.stop(client.container.getById(running(name).getId()), { timeout: signal === 'SIGKILL' ? 0 : 15_000 });
    },
    start: async (name) => {
      // Docker's restart of a stopped container starts it; testcontainers then waits for it as on its first start.
      await running(name).restart();
      await STORES.find((store) => store.name === name)?.afterReady?.();
    },
    stopAll,
  };
}

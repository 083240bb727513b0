// Writes the chart's view of the store's topology (infra/k8s/bazar/topology.generated.yaml and the
// generated files under infra/k8s/bazar/files/) from the declarations the store already has, so the
// chart is not one more hand-kept copy of them:
//   - ports: infra/stack/ports.ts; the storefront apps' port: infra/docker/web-app.nginx.conf;
//   - images: infra/stack/images.ts (the engines) and docker-compose.yml (each deployable's image name);
//   - environment: the names each deployable's config schema reads (services/*/src/config.ts,
//     gateway/src/config.ts, renderer/src/config.ts), with which are required, plus what the service
//     kit reads from process.env itself; a `<NAME>_URL` naming another deployable is a call it makes,
//     from which the chart's NetworkPolicies are drawn;
//   - topics: packages/contracts/src/topics.ts, each with its dead-letter twin;
//   - the edge: infra/nginx/docker.conf (the compose nginx), with its upstreams named as the cluster's
//     Services, and the Keycloak realm: infra/keycloak/realms/bazar-realm.json.
//
//   node --import tsx infra/k8s/generate-topology.ts           writes the files
//   node --import tsx infra/k8s/generate-topology.ts --check   exits 1 naming each file that differs
// (infra/k8s/topology.test.ts runs the check.)
import { registerHooks } from 'node:module';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { z } from 'zod';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const CHART = path.join(HERE, 'bazar');
const rel = (...parts: string[]) => path.join(ROOT, ...parts);

// The deployables' config modules import their schemas from '@bazar/service-kit', whose package entry
// is its build output. The schemas live in the kit's config module alone, which needs nothing built, so
// that is where the name is resolved here (a config importing anything else from the kit fails loudly).
const KIT_CONFIG = pathToFileURL(rel('packages/service-kit/src/config.ts')).href;
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === '@bazar/service-kit' ? { url: KIT_CONFIG, shortCircuit: true } : next(specifier, context),
});

const { PORTS } = await import('../stack/ports.ts');
const { STORE_IMAGES } = await import('../stack/images.ts');
const { TOPICS, deadLetterTopic } = await import('../../packages/contracts/src/topics.ts');

type Kind = 'service' | 'gateway' | 'renderer' | 'web' | 'edge';
interface Deployable {
  /** the deployable's folder, and its config module and schema when it is a Node process */
  folder: string;
  kind: Kind;
  config?: { module: string; schema: string };
}

/** The deployables, by the name compose and the cluster give them. Their folders are the repository's
 *  deployable workspaces; whether one is a service, the gateway or an app is how the chart treats it. */
const DEPLOYABLES: Record<string, Deployable> = {
  catalog: { folder: 'services/catalog', kind: 'service', config: { module: 'services/catalog/src/config.ts', schema: 'CatalogConfig' } },
  cart: { folder: 'services/cart', kind: 'service', config: { module: 'services/cart/src/config.ts', schema: 'CartConfig' } },
  order: { folder: 'services/order', kind: 'service', config: { module: 'services/order/src/config.ts', schema: 'OrderConfig' } },
  user: { folder: 'services/user', kind: 'service', config: { module: 'services/user/src/config.ts', schema: 'UserConfig' } },
  media: { folder: 'services/media', kind: 'service', config: { module: 'services/media/src/config.ts', schema: 'MediaConfig' } },
  gateway: { folder: 'gateway', kind: 'gateway', config: { module: 'gateway/src/config.ts', schema: 'GatewayConfig' } },
  renderer: { folder: 'renderer', kind: 'renderer', config: { module: 'renderer/src/config.ts', schema: 'RendererConfig' } },
  shell: { folder: 'shell', kind: 'web' },
  'mf-catalog': { folder: 'mf-catalog', kind: 'web' },
  'mf-cart': { folder: 'mf-cart', kind: 'web' },
  'mf-dashboard': { folder: 'mf-dashboard', kind: 'web' },
  nginx: { folder: 'infra/nginx', kind: 'edge' },
};

/** URL settings whose name is not the deployable they address. */
const URL_TARGETS: Record<string, string> = { STORE_URL: 'nginx', KEYCLOAK_URL: 'keycloak' };

/** The compose file's `image:` of each of its services (a flat reading: the file keeps one per service). */
function composeImages(): Record<string, string> {
  const images: Record<string, string> = {};
  let service: string | undefined;
  for (const line of readFileSync(rel('docker-compose.yml'), 'utf8').split('\n')) {
    const name = /^ {2}([a-z][\w-]*):\s*$/.exec(line);
    if (name) service = name[1];
    const image = /^ {4}image:\s*(\S+)\s*$/.exec(line);
    if (image && service && !(service in images)) images[service] = image[1]!;
    if (/^\S/.test(line)) service = undefined;
  }
  return images;
}

/** The variables the service kit reads straight from process.env (every Node deployable gets them). */
function kitEnvNames(): string[] {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        for (const match of readFileSync(full, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
    }
  };
  visit(rel('packages/service-kit/src'));
  return [...names].sort();
}

/** The names a config schema reads, required first (a missing one stops the process) and the ones with
 *  a default. */
async function envOf(config: { module: string; schema: string }) {
  const module = (await import(pathToFileURL(rel(config.module)).href)) as Record<string, unknown>;
  const schema = module[config.schema] as z.ZodObject | undefined;
  if (!schema?.shape) throw new Error(`${config.module} exports no object schema ${config.schema}`);
  const required: string[] = [];
  const optional: string[] = [];
  for (const [name, field] of Object.entries(schema.shape)) {
    if (!field) throw new Error(`${config.module}: ${config.schema}.${name} is not a schema (an import the kit's config module lacks?)`);
    (field.safeParse(undefined).success ? optional : required).push(name);
  }
  return { required: required.sort(), optional: optional.sort() };
}

function listenPort(file: string): number {
  const port = /^\s*listen\s+(\d+);/m.exec(readFileSync(rel(file), 'utf8'))?.[1];
  if (!port) throw new Error(`${file} has no listen line`);
  return Number(port);
}

const HEADER = (what: string) =>
  `Generated by infra/k8s/generate-topology.ts from ${what}; do not edit.\n` +
  `Regenerate: node --import tsx infra/k8s/generate-topology.ts (infra/k8s/topology.test.ts fails while it differs).`;

/** The compose nginx's config for the cluster: its upstreams by their Services' names in the release's
 *  namespace (nginx's resolver asks for the name as written: no search domains), the cluster's DNS, and
 *  a second server on its own port for the kubelet's probes, kept out of the public one. */
function edgeConfig(deployables: string[], keycloakService: string, probePort: number): string {
  let conf = readFileSync(rel('infra/nginx/docker.conf'), 'utf8');
  const hosts = new Set([...deployables, 'keycloak']);
  let upstreams = 0;
  conf = conf.replace(/(\$\w+_upstream\s+)http:\/\/([a-z][\w-]*):(\d+)/g, (whole, set: string, host: string, port: string) => {
    if (!hosts.has(host)) throw new Error(`infra/nginx/docker.conf: upstream ${host} is neither a deployable nor keycloak`);
    upstreams += 1;
    const service = host === 'keycloak' ? keycloakService : host;
    return `${set}http://${service}.@NAMESPACE@.svc.cluster.local:${port}`;
  });
  if (upstreams === 0) throw new Error('infra/nginx/docker.conf: no `set $..._upstream http://host:port` lines found');
  const resolver = /^\s*resolver\s+[^;]+;/m;
  if (!resolver.test(conf)) throw new Error('infra/nginx/docker.conf: no resolver line');
  conf = conf.replace(resolver, '  resolver @RESOLVER@ valid=10s ipv6=off;');
  const lastBrace = conf.lastIndexOf('}');
  const probes = [
    '',
    `  # The kubelet's probes (added for the cluster): their own port, which no Service exposes.`,
    '  server {',
    `    listen ${probePort};`,
    '    location = /health {',
    '      default_type text/plain;',
    '      return 200 "ok\\n";',
    '    }',
    '    location = /ready {',
    '      default_type text/plain;',
    '      return 200 "ok\\n";',
    '    }',
    '  }',
    '',
  ].join('\n');
  const header = HEADER('infra/nginx/docker.conf')
    .split('\n')
    .map((line) => `# ${line}`)
    .join('\n');
  return `${header}\n${conf.slice(0, lastBrace)}${probes}${conf.slice(lastBrace)}`;
}

export async function generate(): Promise<Record<string, string>> {
  const images = composeImages();
  const kitEnv = kitEnvNames();
  const names = Object.keys(DEPLOYABLES);
  const webPort = listenPort('infra/docker/web-app.nginx.conf');
  const edgePort = listenPort('infra/nginx/docker.conf');
  const keycloakService = 'keycloak-service';

  const deployables: Record<string, unknown> = {};
  for (const [name, deployable] of Object.entries(DEPLOYABLES)) {
    const image = images[name];
    if (!image) throw new Error(`docker-compose.yml has no image for ${name}`);
    // the key of its settings in the chart's values (`helm upgrade --set mfCart.image.tag=...`)
    const valuesKey = name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    const entry: Record<string, unknown> = { kind: deployable.kind, folder: deployable.folder, valuesKey, image };
    if (deployable.config) {
      const port = (PORTS as Record<string, number>)[name];
      if (!port) throw new Error(`infra/stack/ports.ts has no port for ${name}`);
      const env = await envOf(deployable.config);
      const read = new Set([...env.required, ...env.optional]);
      // the catalog's seed (services/catalog/src/seed.ts) is run from a catalog pod and uploads the
      // demo pictures to media: the URL settings its config adds are calls of the catalog too
      const seedUrls =
        name === 'catalog'
          ? [...readFileSync(rel('services/catalog/src/seed.ts'), 'utf8').matchAll(/\b([A-Z]+_URL):\s*ServiceUrl/g)].map((m) => m[1]!)
          : [];
      const calls = [...read, ...seedUrls]
        .filter((variable) => variable.endsWith('_URL'))
        .map((variable) => URL_TARGETS[variable] ?? variable.slice(0, -'_URL'.length).toLowerCase())
        .filter((target) => target === 'keycloak' || (target in DEPLOYABLES && target !== name))
        .sort();
      Object.assign(entry, {
        port,
        env: { required: env.required, optional: env.optional, kit: kitEnv.filter((variable) => !read.has(variable)) },
        database: read.has('MONGO_DB') ? name : null,
        kafka: read.has('KAFKA_BROKERS'),
        redis: read.has('REDIS_URL'),
        calls,
      });
    } else Object.assign(entry, { port: deployable.kind === 'web' ? webPort : edgePort });
    if (deployable.kind === 'edge')
      Object.assign(entry, {
        probePort: edgePort + 1,
        calls: names.filter((other) => other !== name && DEPLOYABLES[other]!.kind !== 'service').concat('keycloak'),
      });
    deployables[name] = entry;
  }

  const topology = {
    deployables,
    ports: {
      mongo: PORTS.ferretdb,
      kafka: PORTS.kafka,
      redis: PORTS.redis,
      keycloak: PORTS.keycloak,
      keycloakManagement: PORTS.keycloakManagement,
    },
    images: STORE_IMAGES,
    keycloak: { service: keycloakService, realm: 'bazar' },
    /** the runtime manifest of remotes the shell loads (shell/public/mf-remotes.json) */
    remoteManifest: JSON.parse(readFileSync(rel('shell/public/mf-remotes.json'), 'utf8')) as Record<string, string>,
    topics: Object.values(TOPICS)
      .flatMap((topic) => [topic, deadLetterTopic(topic)])
      .sort(),
  };

  const yamlHeader = HEADER(
    "infra/stack/ports.ts, infra/stack/images.ts, docker-compose.yml, the deployables' config schemas, shell/public/mf-remotes.json and packages/contracts/src/topics.ts",
  )
    .split('\n')
    .map((line) => `# ${line}`)
    .join('\n');
  const realm = readFileSync(rel('infra/keycloak/realms/bazar-realm.json'), 'utf8');
  return {
    // JSON is YAML: no YAML writer is needed, and the chart reads it with fromYaml all the same.
    'topology.generated.yaml': `${yamlHeader}\n${JSON.stringify(topology, null, 2)}\n`,
    'files/nginx.generated.conf': edgeConfig(names, keycloakService, edgePort + 1),
    'files/security-headers.generated.conf': readFileSync(rel('infra/nginx/security-headers.conf'), 'utf8'),
    'files/bazar-realm.generated.json': realm,
  };
}

const files = await generate();
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(([file, text]) => {
    try {
      return readFileSync(path.join(CHART, file), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [file] of stale) console.error(`infra/k8s/bazar/${file} is not what the generator makes now`);
  if (stale.length > 0) {
    console.error('Regenerate with: node --import tsx infra/k8s/generate-topology.ts');
    process.exit(1);
  }
  console.log(`${Object.keys(files).length} generated files up to date`);
} else {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(CHART, file)), { recursive: true });
    writeFileSync(path.join(CHART, file), text);
  }
  console.log(`wrote ${Object.keys(files).join(', ')} in infra/k8s/bazar`);
}

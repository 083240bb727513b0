// docker-compose.yml, generated from the store's topology (infra/topology: the generated-file check
// there keeps it current), holds the policies a compose installation needs. Needs the docker client
// with the compose plugin (or a standalone docker-compose in .stack/bin); `docker compose config` needs
// no engine.
//   - the file is valid (`docker compose config --quiet` exits 0), and refuses to run without a secret;
//   - every deployable workspace (each services/*, gateway and the four storefront apps) has a service
//     that builds it;
//   - only the front nginx publishes a port, and only on 127.0.0.1; only nginx and Keycloak leave the
//     internal network; only the gateway and the seed get the identity signing key, only the order
//     service and the gateway the service signing key, the services the public keys, and no service
//     the old static gateway secret;
//   - the Node image starts with the V8 options of the topology;
//   - Keycloak's realm sends its mail where the topology's settings say; Keycloak runs as in
//     production, on an image with the store's providers and the topology's base image, and enables
//     Google from the credentials alone;
//   - every `service_healthy` dependency has a healthcheck.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENGINES, KEYCLOAK_ENV, NODE_DEPLOYABLE_FLAGS } from '../topology/topology.ts';

const ROOT = path.resolve(__dirname, '../..');

/** The identity tokens' key pair (issue 53): the private key signs, the public key verifies. */
const SIGNING_KEY = 'BAZAR_IDENTITY_SIGNING_KEY';
const VERIFY_KEY = 'BAZAR_IDENTITY_VERIFY_KEY';
/** The service tokens' key pair: the callers of internal routes sign, every service verifies. */
const SERVICE_SIGNING_KEY = 'BAZAR_SERVICE_SIGNING_KEY';
const SERVICE_VERIFY_KEY = 'BAZAR_SERVICE_VERIFY_KEY';

interface ComposeService {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  image?: string;
  command?: string[] | null;
  environment?: Record<string, string | null>;
  ports?: { host_ip?: string; published?: string; target: number }[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
}
interface ComposeConfig {
  services: Record<string, ComposeService>;
}

let composeCli: string[] | undefined;
function composeCommand(): string[] {
  if (composeCli) return composeCli;
  const candidates = [['docker', 'compose'], [path.join(ROOT, '.stack', 'bin', 'docker-compose')]];
  for (const candidate of candidates) {
    const [file, ...args] = candidate as [string, ...string[]];
    if (spawnSync(file, [...args, 'version'], { stdio: 'ignore' }).status === 0) return (composeCli = candidate);
  }
  throw new Error('docker compose is not installed: install the docker compose plugin (it needs no engine for `config`)');
}

/** docker compose on the repository's file, with the given environment instead of a developer's
 *  `.env` (an empty env file), so the test sees what the file itself requires. */
function compose(args: string[], env: Record<string, string> = COMPOSE_SECRETS) {
  const [file, ...base] = composeCommand() as [string, ...string[]];
  const noEnvFile = path.join(mkdtempSync(path.join(tmpdir(), 'compose-env-')), '.env');
  writeFileSync(noEnvFile, '');
  try {
    return spawnSync(
      file,
      [...base, '--project-directory', ROOT, '--env-file', noEnvFile, '-f', path.join(ROOT, 'docker-compose.yml'), ...args],
      { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
    );
  } finally {
    rmSync(path.dirname(noEnvFile), { recursive: true, force: true });
  }
}

/** The secrets `.env` gives compose (see .env.example), a made-up value each. */
const COMPOSE_SECRETS: Record<string, string> = Object.fromEntries(
  [
    'BAZAR_USER_SERVICE_CLIENT_SECRET',
    'KC_BOOTSTRAP_ADMIN_PASSWORD',
    'KEYCLOAK_DB_PASSWORD',
    'BAZAR_IDENTITY_SIGNING_KEY',
    'BAZAR_IDENTITY_VERIFY_KEY',
    'BAZAR_SERVICE_SIGNING_KEY',
    'BAZAR_SERVICE_VERIFY_KEY',
  ].map((name) => [name, `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}`]),
);
const KEYCLOAK_DB_PASSWORD = COMPOSE_SECRETS.KEYCLOAK_DB_PASSWORD!;

/** The folders of the root package.json workspaces that are deployed on their own (not the shared
 *  libraries in packages/, not infra/). */
function deployableFolders(): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const folders = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return folders.filter(
    (folder) => existsSync(path.join(ROOT, folder, 'package.json')) && !folder.startsWith('packages/') && folder !== 'infra',
  );
}

let config: ComposeConfig;

beforeAll(() => {
  const result = compose(['config', '--format', 'json']);
  if (result.status !== 0) throw new Error(`docker compose config failed:\n${result.stderr}`);
  config = JSON.parse(result.stdout) as ComposeConfig;
});

test('docker compose config --quiet accepts the file', () => {
  const result = compose(['config', '--quiet']);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});

test.each([
  'BAZAR_USER_SERVICE_CLIENT_SECRET',
  'KC_BOOTSTRAP_ADMIN_PASSWORD',
  'KEYCLOAK_DB_PASSWORD',
  SIGNING_KEY,
  VERIFY_KEY,
  SERVICE_SIGNING_KEY,
  SERVICE_VERIFY_KEY,
])('compose refuses to run without %s, naming it', (name) => {
  const { [name]: _left, ...others } = COMPOSE_SECRETS;
  const result = compose(['config', '--quiet'], others);
  expect(result.status).not.toBe(0);
  expect(result.stderr).toContain(name);
  expect(result.stderr).toContain('.env.example');
});

test('every deployable folder has a service that builds it', () => {
  const built = new Set(Object.values(config.services).flatMap((service) => Object.values(service.build?.args ?? {})));
  const folders = deployableFolders();
  expect(folders).toEqual(expect.arrayContaining(['gateway', 'shell', 'services/catalog']));
  expect(folders.filter((folder) => !built.has(folder))).toEqual([]);
  for (const service of Object.values(config.services)) {
    if (service.build) expect(existsSync(path.join(service.build.context, service.build.dockerfile))).toBe(true);
  }
});

test('only the front nginx publishes a port, and only on 127.0.0.1:8080', () => {
  const publishing = Object.entries(config.services).filter(([, service]) => (service.ports ?? []).length > 0);
  expect(publishing.map(([name]) => name)).toEqual(['nginx']);
  expect(config.services.nginx!.ports).toEqual([expect.objectContaining({ host_ip: '127.0.0.1', published: '8080', target: 8080 })]);
});

test('the gateway, the services and the renderer run Node with the V8 options of the topology', () => {
  expect(NODE_DEPLOYABLE_FLAGS.length).toBeGreaterThan(0);
  const dockerfile = readFileSync(path.join(ROOT, 'infra', 'docker', 'node-service.Dockerfile'), 'utf8');
  const command = dockerfile.split('\n').find((line) => line.startsWith('CMD '));
  expect(command).toContain(`exec node ${NODE_DEPLOYABLE_FLAGS.join(' ')} `);
  // and no compose service that builds that image starts it otherwise
  const restarted = Object.entries(config.services)
    .filter(
      ([name, service]) =>
        service.build?.dockerfile === 'infra/docker/node-service.Dockerfile' && service.command && name !== 'catalog-seed',
    )
    .map(([name]) => name);
  expect(restarted).toEqual([]);
});

test('only the gateway and the seed get the identity signing key, only the callers of internal routes the service one; the services the public keys; no static secret is left', () => {
  const given = (name: string) =>
    Object.entries(config.services)
      .filter(([, service]) => service.environment?.[name] === COMPOSE_SECRETS[name])
      .map(([service]) => service)
      .sort();
  expect(given(SIGNING_KEY)).toEqual(['catalog-seed', 'gateway']);
  expect(given(VERIFY_KEY)).toEqual(['cart', 'catalog', 'catalog-seed', 'media', 'order', 'user']);
  expect(given(SERVICE_SIGNING_KEY)).toEqual(['gateway', 'order']);
  expect(given(SERVICE_VERIFY_KEY)).toEqual(['cart', 'catalog', 'catalog-seed', 'media', 'order', 'user']);
  expect(Object.entries(config.services).filter(([, service]) => 'BAZAR_GATEWAY_SECRET' in (service.environment ?? {}))).toEqual([]);
});

test('only nginx and Keycloak reach beyond the internal network', () => {
  const networks = (config as unknown as { networks: Record<string, { internal?: boolean }> }).networks;
  expect(networks.default).toEqual(expect.objectContaining({ internal: true }));
  const outside = Object.entries(config.services)
    .filter(([, service]) =>
      Object.keys((service as { networks?: Record<string, unknown> }).networks ?? { default: {} }).some(
        (name) => !networks[name]?.internal,
      ),
    )
    .map(([name]) => name);
  expect(outside.sort()).toEqual(['keycloak', 'nginx']);
});

test("Keycloak's realm mails the mail sink, on the port it listens on", () => {
  const realm = JSON.parse(readFileSync(path.join(ROOT, 'infra', 'keycloak', 'realms', 'bazar-realm.json'), 'utf8')) as {
    smtpServer: { host: string; port: string };
  };
  // Import placeholders, filled from the settings the topology gives Keycloak (local defaults after the colon).
  expect(realm.smtpServer).toEqual(expect.objectContaining({ host: '${BAZAR_SMTP_HOST:127.0.0.1}', port: '${BAZAR_SMTP_PORT:1025}' }));
  expect(Object.keys(KEYCLOAK_ENV)).toEqual(expect.arrayContaining(['BAZAR_SMTP_HOST', 'BAZAR_SMTP_PORT']));

  const keycloak = config.services.keycloak!;
  const mail = config.services.mail!;
  // Mailpit listens for SMTP on every interface of its container, on the port Keycloak is given
  const smtpPort = mail.environment!.MP_SMTP_BIND_ADDR?.match(/^0\.0\.0\.0:(\d+)$/)?.[1];
  expect(smtpPort).toBeDefined();
  expect(keycloak.environment).toEqual(expect.objectContaining({ BAZAR_SMTP_HOST: 'mail', BAZAR_SMTP_PORT: smtpPort }));
  expect(keycloak.depends_on?.mail).toEqual(expect.objectContaining({ condition: 'service_healthy' }));
});

describe('Keycloak in compose runs as in production', () => {
  test('with `start --optimized`, never start-dev, on plain HTTP behind the edge nginx that it believes', () => {
    const command = config.services.keycloak!.command ?? [];
    expect(command.slice(0, 2)).toEqual(['start', '--optimized']);
    expect(command).not.toContain('start-dev');
    expect(command).toEqual(
      expect.arrayContaining(['--http-enabled=true', '--proxy-headers=xforwarded', '--hostname=http://localhost:8080/auth']),
    );
  });

  test('on an image built for it: a real database, health endpoints, the /auth path', () => {
    const dockerfile = readFileSync(path.join(ROOT, config.services.keycloak!.build!.dockerfile), 'utf8');
    expect(dockerfile).toMatch(/^RUN \/opt\/keycloak\/bin\/kc\.sh build$/m);
    expect(/KC_DB=(\S+)/.exec(dockerfile)?.[1]).toBe('postgres');
    expect(dockerfile).toMatch(/KC_HEALTH_ENABLED=true/);
    expect(dockerfile).toMatch(/KC_HTTP_RELATIVE_PATH=\/auth/);
  });

  test('on a PostgreSQL database of its own, not the dev-file store, with the password of the env file', () => {
    const keycloak = config.services.keycloak!;
    expect(keycloak.environment?.KC_DB).toBeUndefined();
    expect(keycloak.command ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^--db=/)]));
    expect(keycloak.environment).toEqual(
      expect.objectContaining({
        KC_DB_URL: 'jdbc:postgresql://keycloak-db:5432/keycloak',
        KC_DB_USERNAME: 'keycloak',
        KC_DB_PASSWORD: KEYCLOAK_DB_PASSWORD,
      }),
    );
    const database = config.services['keycloak-db']!;
    expect(database.image).toMatch(/^postgres:/);
    expect(database.environment).toEqual(
      expect.objectContaining({ POSTGRES_DB: 'keycloak', POSTGRES_USER: 'keycloak', POSTGRES_PASSWORD: KEYCLOAK_DB_PASSWORD }),
    );
    expect(keycloak.depends_on?.['keycloak-db']).toEqual(expect.objectContaining({ condition: 'service_healthy' }));
    // no password is written in the file itself: without the env file's value compose refuses (above)
    expect(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')).not.toMatch(/(POSTGRES|KC_DB)_PASSWORD: '?[^'$\s]/);
  });
});

describe("Keycloak's compose image", () => {
  test('is built with the providers of the local stack', () => {
    const { build } = config.services.keycloak!;
    expect(build?.dockerfile).toBe('infra/docker/keycloak.Dockerfile');
    const dockerfile = readFileSync(path.join(ROOT, build!.dockerfile), 'utf8');
    expect(dockerfile).toContain('COPY infra/keycloak/providers/');
    expect(dockerfile).toContain('/opt/keycloak/providers/');
  });

  // The entrypoint runs here beside a stand-in kc.sh that prints what Keycloak would be given.
  test.each([
    { given: 'both Google credentials', env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }, enabled: 'true' },
    { given: 'only the client id', env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: '' }, enabled: 'false' },
    { given: 'no credentials', env: { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }, enabled: 'false' },
  ])('enables Google sign-in with $given: $enabled', ({ env, enabled }) => {
    const bin = keycloakHome();
    try {
      copyFileSync(path.join(ROOT, 'infra', 'keycloak', 'entrypoint.sh'), path.join(bin, 'entrypoint.sh'));
      writeFileSync(path.join(bin, 'kc.sh'), '#!/bin/bash\necho "$GOOGLE_IDP_ENABLED ${GOOGLE_CLIENT_ID:-unset} $*"\n', { mode: 0o755 });
      const keycloakEnv = config.services.keycloak!.environment!;
      expect(Object.keys(keycloakEnv)).not.toContain('GOOGLE_IDP_ENABLED');
      const printed = execFileSync('bash', [path.join(bin, 'entrypoint.sh'), 'start-dev', '--import-realm'], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      });
      expect(printed.trim()).toBe(`${enabled} ${enabled === 'true' ? 'id' : 'unset'} start-dev --import-realm`);
    } finally {
      rmSync(path.dirname(bin), { recursive: true, force: true });
    }
  });

  // The realm and the demo accounts are mounted as compose mounts them; the entrypoint puts them
  // where `--import-realm` reads.
  test.each([
    { nodeEnv: 'development', imported: ['bazar-realm.json', 'bazar-users-0.json'] },
    { nodeEnv: 'production', imported: ['bazar-realm.json'] },
  ])('imports the demo accounts unless NODE_ENV=production: $nodeEnv', ({ nodeEnv, imported }) => {
    const bin = keycloakHome();
    const home = path.dirname(bin);
    try {
      copyFileSync(path.join(ROOT, 'infra', 'keycloak', 'entrypoint.sh'), path.join(bin, 'entrypoint.sh'));
      writeFileSync(path.join(bin, 'kc.sh'), '#!/bin/bash\necho ok\n', { mode: 0o755 });
      execFileSync('bash', [path.join(bin, 'entrypoint.sh'), 'start-dev'], { env: { PATH: process.env.PATH, NODE_ENV: nodeEnv } });
      expect(readdirSync(path.join(home, 'data', 'import')).sort()).toEqual(imported);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** A Keycloak home as in the image (/opt/keycloak) with what compose mounts under it; returns its
 *  bin folder. */
function keycloakHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), 'keycloak-home-'));
  mkdirSync(path.join(home, 'bin'));
  const volumes = (config.services.keycloak as { volumes?: { source: string; target: string }[] }).volumes ?? [];
  for (const volume of volumes.filter((v) => v.target.startsWith('/opt/keycloak/')))
    cpSync(volume.source, path.join(home, path.relative('/opt/keycloak', volume.target)), { recursive: true });
  return path.join(home, 'bin');
}

test("Keycloak's image is built on the topology's Keycloak image, which BAZAR_STACK=containers runs", () => {
  const dockerfile = readFileSync(path.join(ROOT, config.services.keycloak!.build!.dockerfile), 'utf8');
  expect(/^ARG KEYCLOAK_IMAGE=(\S+)$/m.exec(dockerfile)?.[1]).toBe(ENGINES.keycloak.image);
});

test('every service_healthy dependency has a healthcheck', () => {
  const missing = Object.entries(config.services).flatMap(([name, service]) =>
    Object.entries(service.depends_on ?? {})
      .filter(([, dep]) => dep.condition === 'service_healthy')
      .filter(([dep]) => !config.services[dep]?.healthcheck?.test || config.services[dep]?.healthcheck?.disable)
      .map(([dep]) => `${name} -> ${dep}`),
  );
  expect(missing).toEqual([]);
});

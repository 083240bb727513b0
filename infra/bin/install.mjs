// Installs whatever the local stack is missing, using only Node's built-ins (it runs before `npm ci`).
// Every step is idempotent: what is already installed is reused. Tools go into the ignored .stack
// folder; Maven, Go and npm keep their own download caches in the user's home.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STACK = process.env.BAZAR_STACK_DIR ?? path.join(ROOT, '.stack');
const KEYCLOAK_VERSION = '26.4.7';
export const FERRETDB_VERSION = 'v1.24.2';
const COMPOSE_VERSION = 'v2.40.3';
// the newest version the Go module proxy lists for github.com/Shopify/toxiproxy/v2
const TOXIPROXY_VERSION = 'v2.5.0';
const SCHEMATHESIS_VERSION = '4.32.5';
// Jaeger v2's command (cmd/jaeger) is released in the module github.com/jaegertracing/jaeger under
// v1 tags; v1.75.0 is the newest the Go module proxy serves as an approved release.
const JAEGER_VERSION = 'v1.75.0';
// Mailpit, the stack's mail sink (SMTP, web inbox, API): the newest the Go module proxy serves.
const MAILPIT_VERSION = 'v1.33.1';
/** Its web inbox is a Vue app the module carries as source (server/ui-src) and builds with esbuild
 *  into server/ui/dist, which the Go binary embeds. Its own lock pins releases the npm registry here
 *  does not serve (rapidoc 12, sass-embedded 1.108), so the build installs only what esbuild needs,
 *  from the package's own ranges, with rapidoc (its API page) at the newest served release. */
const MAILPIT_UI_BUILD = { rapidoc: '9.3.8', keep: ['esbuild', 'esbuild-plugin-vue-next', 'esbuild-sass-plugin', '@vue/compiler-sfc'] };
// The chart's test (infra/k8s/chart.test.ts): helm, and kubectl-validate, which carries Kubernetes'
// own schemas and reads the operators' CRDs from a folder, so it validates with no cluster and no
// download (v0.0.4 is the one version the Go module proxy lists).
const HELM_VERSION = 'v4.3.2';
const KUBECTL_VALIDATE_VERSION = 'v0.0.4';
/** The Node the project runs on, its current LTS line (.nvmrc). When the machine's own Node is
 *  another version, it comes from the npm registry's node-<platform>-<arch> package into
 *  .stack/node; infra/stack/paths.ts finds it there the same way. */
const NODE_VERSION = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
export const PROJECT_NODE =
  process.versions.node === NODE_VERSION ? process.execPath : path.join(STACK, 'node', NODE_VERSION, 'bin', 'node');
/** The environment for the project's commands: its Node first on PATH, so that npm, npx and the
 *  scripts they start run on it too. */
export const projectEnv = (env = process.env) => ({ ...env, PATH: `${path.dirname(PROJECT_NODE)}${path.delimiter}${env.PATH ?? ''}` });
const hasFont = (pattern) => (spawnSync('fc-list', [pattern, 'family'], { encoding: 'utf8' }).stdout ?? '').trim() !== '';
/** Debian packages the store runs on, each with how to tell it is there. Chromium is the renderer's
 *  (it renders the public pages) and the browser tests'. They go in without their recommends:
 *  Chromium's would add avahi's daemon, samba's libraries, printer setup (system-config-printer),
 *  udev, upower and a notification daemon, well over a hundred packages, none of which a headless
 *  Chromium uses. Of them only fonts-liberation is kept, by name, so that pages
 *  keep the fonts they are laid out and tested with. */
const STORE_PACKAGES = {
  'redis-server': () => has('redis-server'),
  'nginx-light': () => has('nginx'),
  chromium: () => has('chromium'),
  // Noto Sans Bengali for Chromium: Keycloak's Bangla sign-in pages use the system's fonts (the
  // storefront brings its own web font), and the tests' screenshots must show Bangla, not boxes.
  'fonts-noto-core': () => hasFont(':lang=bn'),
  'fonts-liberation': () => hasFont(':family=Liberation Sans'),
  // FerretDB is built with the C SQLite library (infra/ferretdb/patches/07-c-sqlite.patch), through
  // cgo, and patched with Debian's patch
  gcc: () => has('gcc'),
  patch: () => has('patch'),
};
/** What only `npm run bench` adds: wrk, the load generator of its throughput figures (bench/load.ts). */
const BENCH_PACKAGES = { wrk: () => has('wrk') };
/** What only the tests add: python3-venv, which python3 needs to make the virtualenv that
 *  schemathesis (PyPI) goes into; wrk, for the test of the benchmarks' load (bench/load.test.ts);
 *  poppler-utils, whose pdftoppm renders the receipt's PDF to a picture (mf-cart's after-order test). */
const TEST_PACKAGES = {
  'python3-venv': () => spawnSync('python3', ['-c', 'import ensurepip, venv'], { stdio: 'ignore' }).status === 0,
  ...BENCH_PACKAGES,
  'poppler-utils': () => has('pdftoppm'),
};

/** A problem the user must fix; printed as one line. */
export class InstallError extends Error {}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: options.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
    cwd: ROOT,
    ...options,
    env: projectEnv(options.env),
  });
  if (result.error || result.status !== 0) {
    const output = options.capture ? `\n${result.stdout ?? ''}${result.stderr ?? ''}`.trimEnd() : '';
    throw new InstallError(`'${command} ${args.join(' ')}' failed${output}`);
  }
  return result.stdout ?? '';
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

function step(what, fn) {
  const started = Date.now();
  process.stdout.write(`• ${what}… `);
  const skipped = fn() === 'skipped';
  console.log(skipped ? 'already there' : `done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function checkPrerequisites() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    throw new InstallError(`Node ${process.versions.node} is too old: install Node 20.19 or newer.`);
  if (!has('java')) throw new InstallError('Java is missing: install a JDK 17 or newer (apt-get install openjdk-17-jdk-headless).');
  if (!has('mvn')) throw new InstallError('Maven is missing: apt-get install maven.');
  if (!has('go')) throw new InstallError('Go is missing: install Go 1.24 or newer (FerretDB is built from source).');
}

function installNode() {
  if (existsSync(PROJECT_NODE)) return 'skipped';
  const download = path.join(STACK, 'node', 'download');
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  const archive = run(
    'npm',
    ['pack', '--silent', `node-${process.platform}-${process.arch}@${NODE_VERSION}`, '--pack-destination', download],
    {
      capture: true,
    },
  ).trim();
  run('tar', ['xzf', path.join(download, archive.split('\n').at(-1)), '-C', download]);
  renameSync(path.join(download, 'package'), path.join(STACK, 'node', NODE_VERSION));
  rmSync(download, { recursive: true, force: true });
}

function installSystemPackages(packages) {
  const missing = Object.entries(packages)
    .filter(([, present]) => !present())
    .map(([pkg]) => pkg);
  if (missing.length === 0) return 'skipped';
  if (process.getuid?.() !== 0) {
    throw new InstallError(`Missing system packages: run 'sudo apt-get install -y ${missing.join(' ')}' and try again.`);
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** The lock file: a change to it installs the node modules again. */
function nodeModulesHash() {
  return createHash('sha256')
    .update(readFileSync(path.join(ROOT, 'package-lock.json')))
    .digest('hex');
}

function installNodeModules() {
  const marker = path.join(ROOT, 'node_modules', '.bazar-lock-hash');
  const lockHash = nodeModulesHash();
  if (existsSync(marker) && readFileSync(marker, 'utf8') === lockHash) return 'skipped';
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(marker, lockHash);
}

function installKafka() {
  const libs = path.join(STACK, 'kafka', 'libs');
  if (existsSync(path.join(libs, 'kafka_2.13-3.9.1.jar'))) return 'skipped';
  run(
    'mvn',
    ['-B', '-q', '-f', 'infra/kafka/pom.xml', 'dependency:copy-dependencies', `-DoutputDirectory=${libs}`, '-DincludeScope=runtime'],
    { capture: true },
  );
}

function installKeycloak() {
  const home = path.join(STACK, 'keycloak-dist', `keycloak-${KEYCLOAK_VERSION}`);
  if (existsSync(path.join(home, 'bin', 'kc.sh'))) return 'skipped';
  run('mvn', ['-B', '-q', '-f', 'infra/keycloak/pom.xml', 'dependency:unpack', `-Dunpack.dir=${path.join(STACK, 'keycloak-dist')}`], {
    capture: true,
  });
}

/** The store's Keycloak extensions (infra/keycloak/providers), rebuilt when their sources change;
 *  the keycloak component copies the jar into Keycloak's providers folder. */
function buildKeycloakProviders() {
  const sources = path.join(ROOT, 'infra', 'keycloak', 'providers');
  const output = path.join(STACK, 'keycloak-providers');
  const marker = path.join(output, 'sources.sha256');
  const hash = createHash('sha256');
  const files = [path.join(sources, 'pom.xml'), ...walk(path.join(sources, 'src'))].filter((entry) => statSync(entry).isFile()).sort();
  for (const file of files) hash.update(`${path.relative(sources, file)}\n`).update(readFileSync(file));
  const fingerprint = hash.digest('hex');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint) return 'skipped';
  run('mvn', ['-B', '-q', '-f', path.join(sources, 'pom.xml'), 'clean', 'package', `-Dproviders.build.dir=${output}`], { capture: true });
  writeFileSync(marker, fingerprint);
}

/**
 * Builds a command from a Go module fetched through the Go module proxy. `go install module/cmd@version`
 * cannot be used for the first two: FerretDB's binary then refuses to start (it reads its version from a
 * generated build/version/version.txt that the module zip lacks) and docker compose's go.mod has
 * replace directives, which `go install …@version` rejects. So the module is copied out of the module
 * cache, patched where needed, and built in place; Go's build cache makes a rebuild take seconds.
 */
function buildGoCommand({ module, version, pkg, binary, prepare = () => {}, ldflags = '', env }) {
  if (existsSync(binary)) return 'skipped';
  const info = JSON.parse(run('go', ['mod', 'download', '-json', `${module}@${version}`], { capture: true }));
  const source = path.join(STACK, 'src', path.basename(binary));
  rmSync(source, { recursive: true, force: true });
  cpSync(info.Dir, source, { recursive: true });
  for (const entry of walk(source)) chmodSync(entry, statSync(entry).isDirectory() ? 0o755 : 0o644);
  prepare(source);
  mkdirSync(path.dirname(binary), { recursive: true });
  run('go', ['build', '-trimpath', `-ldflags=${ldflags}`, '-o', `${binary}.tmp`, pkg], { cwd: source, capture: true, env });
  renameSync(`${binary}.tmp`, binary);
  rmSync(source, { recursive: true, force: true });
}

/** FerretDB's patches, applied in their order (01-…, 02-…) to its module's source by Debian's
 *  patch: each is a unified diff whose header says why and names the test that covers it
 *  (infra/test/ferretdb-patches.test.ts checks that every one applies to FERRETDB_VERSION). */
const FERRETDB_PATCHES = path.join(ROOT, 'infra', 'ferretdb', 'patches');
const ferretDbPatches = () =>
  readdirSync(FERRETDB_PATCHES)
    .filter((file) => file.endsWith('.patch'))
    .sort()
    .map((file) => path.join(FERRETDB_PATCHES, file));
/** SQLite built with its `dbstat` table, which FerretDB's listDatabases reads each database's size
 *  from: without it FerretDB skips every database ("no such table: dbstat") and lists none, and a
 *  test's snapshot of every database (infra/test/fuzz/databases.ts) saw nothing. Go's own
 *  default, -O2 -g, is kept: CGO_CFLAGS replaces it. */
const SQLITE_CFLAGS = '-O2 -g -DSQLITE_ENABLE_DBSTAT_VTAB';

/** Makes FerretDB's source in `source` (a copy of its module) the one the stack runs: its version
 *  file, then every patch. Exact: a patch whose lines are no longer there (context included) fails
 *  the install rather than landing elsewhere. */
export function patchFerretDb(source) {
  writeFileSync(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  for (const patch of ferretDbPatches()) {
    const args = ['-p1', '--batch', '--forward', '--fuzz=0', '--no-backup-if-mismatch', '--reject-file=-', '--input', patch];
    // a dry run first, so a patch that does not apply leaves no half of it behind
    for (const dryRun of [true, false]) {
      const result = spawnSync('patch', dryRun ? ['--dry-run', ...args] : args, { cwd: source, encoding: 'utf8' });
      if (result.error || result.status !== 0)
        throw new InstallError(
          `FerretDB ${FERRETDB_VERSION}: ${path.relative(ROOT, patch)} no longer applies to its source; ` +
            `update the patch (its header says what it is for):\n${result.error?.message ?? `${result.stdout}${result.stderr}`.trimEnd()}`,
        );
    }
  }
}

function installFerretDb() {
  const binary = path.join(STACK, 'bin', 'ferretdb');
  // a binary built before the patches (or with other ones) is built again
  const marker = `${binary}.patches`;
  const hash = createHash('sha256').update(`${FERRETDB_VERSION}\n${SQLITE_CFLAGS}\n`);
  for (const patch of ferretDbPatches()) hash.update(`${path.basename(patch)}\n`).update(readFileSync(patch));
  const patches = hash.digest('hex');
  if (existsSync(binary) && (!existsSync(marker) || readFileSync(marker, 'utf8') !== patches)) rmSync(binary);
  const built = buildGoCommand({
    module: 'github.com/FerretDB/FerretDB',
    version: FERRETDB_VERSION,
    pkg: './cmd/ferretdb',
    binary,
    prepare: patchFerretDb,
    env: { ...process.env, CGO_ENABLED: '1', CGO_CFLAGS: SQLITE_CFLAGS },
  });
  writeFileSync(marker, patches);
  return built;
}

/** The fault tests put it between the services and Kafka, Redis and FerretDB (latency, cut connections). */
const installToxiproxy = () =>
  buildGoCommand({
    module: 'github.com/Shopify/toxiproxy/v2',
    version: TOXIPROXY_VERSION,
    pkg: './cmd/server',
    binary: path.join(STACK, 'bin', 'toxiproxy-server'),
  });

/** The stack's trace store (infra/jaeger/config.yaml). Its go.mod has a replace directive, which
 *  `go install …@version` rejects, hence a build in place. The module carries no built UI (the
 *  UI is a JavaScript project of its own, not in any registry): the stack gives it the trace page of
 *  infra/jaeger/ui to serve over its query API (/api/traces, /api/services). */
const installJaeger = () =>
  buildGoCommand({
    module: 'github.com/jaegertracing/jaeger',
    version: JAEGER_VERSION,
    pkg: './cmd/jaeger',
    binary: path.join(STACK, 'bin', 'jaeger'),
  });

/** The stack's mail sink: Keycloak's and the user service's mails end there (infra/stack/components.ts). */
const installMailpit = () =>
  buildGoCommand({
    module: 'github.com/axllent/mailpit',
    version: MAILPIT_VERSION,
    pkg: '.',
    binary: path.join(STACK, 'bin', 'mailpit'),
    ldflags: `-X github.com/axllent/mailpit/config.Version=${MAILPIT_VERSION}`,
    prepare: (source) => {
      const manifest = path.join(source, 'package.json');
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      pkg.dependencies.rapidoc = MAILPIT_UI_BUILD.rapidoc;
      pkg.devDependencies = Object.fromEntries(MAILPIT_UI_BUILD.keep.map((name) => [name, pkg.devDependencies[name]]));
      writeFileSync(manifest, JSON.stringify(pkg, null, 2));
      rmSync(path.join(source, 'package-lock.json'));
      // sass-embedded is only a peer of the Sass plugin, which compiles with the plain `sass` package
      run('npm', ['install', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'], {
        cwd: source,
        capture: true,
      });
      run('node', ['esbuild.config.mjs'], { cwd: source, capture: true, env: { ...process.env, MINIFY: 'true' } });
    },
  });

/** helm and kubectl-validate, for the test that renders and validates the Kubernetes chart offline. */
export function installChartTools() {
  const helm = buildGoCommand({
    module: 'helm.sh/helm/v4',
    version: HELM_VERSION,
    pkg: './cmd/helm',
    binary: path.join(STACK, 'bin', 'helm'),
    ldflags: `-X helm.sh/helm/v4/internal/version.version=${HELM_VERSION}`,
  });
  const validate = buildGoCommand({
    module: 'sigs.k8s.io/kubectl-validate',
    version: KUBECTL_VALIDATE_VERSION,
    pkg: '.',
    binary: path.join(STACK, 'bin', 'kubectl-validate'),
    // its module ships a vendor/modules.txt without the vendored sources: take the modules from the proxy
    env: { ...process.env, GOFLAGS: `${process.env.GOFLAGS ?? ''} -mod=mod`.trim() },
  });
  return helm === 'skipped' && validate === 'skipped' ? 'skipped' : undefined;
}

/** Only the test of docker-compose.yml needs it (`docker compose config` parses without an engine). */
function installDockerCompose() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return 'skipped';
  return buildGoCommand({
    module: 'github.com/docker/compose/v2',
    version: COMPOSE_VERSION,
    pkg: './cmd',
    binary: path.join(STACK, 'bin', 'docker-compose'),
    ldflags: `-X github.com/docker/compose/v2/internal.Version=${COMPOSE_VERSION}`,
  });
}

/** schemathesis, the API fuzzer the fuzz tests run, from PyPI into its own virtualenv, pinned. */
function installSchemathesis() {
  const venv = path.join(STACK, 'schemathesis');
  const marker = path.join(venv, 'installed-version');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === SCHEMATHESIS_VERSION) return 'skipped';
  rmSync(venv, { recursive: true, force: true });
  run('python3', ['-m', 'venv', venv], { capture: true });
  run(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    capture: true,
  });
  writeFileSync(marker, SCHEMATHESIS_VERSION);
}

function* walk(dir) {
  yield dir;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const BUILD_INPUTS = [
  'packages',
  'services',
  'gateway',
  'shell',
  'mf-catalog',
  'mf-cart',
  'mf-dashboard',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'package-lock.json',
];
const NOT_INPUTS = new Set(['node_modules', 'dist', 'test-results', 'coverage']);

/** A fingerprint of every build input (path, size, mtime), so an unchanged tree is not rebuilt. */
function buildFingerprint() {
  const hash = createHash('sha256');
  const visit = (entry) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const child of readdirSync(entry).sort())
        if (!NOT_INPUTS.has(child) && !child.endsWith('.tsbuildinfo')) visit(path.join(entry, child));
    } else hash.update(`${path.relative(ROOT, entry)}:${stat.size}:${stat.mtimeMs}\n`);
  };
  for (const input of BUILD_INPUTS) if (existsSync(path.join(ROOT, input))) visit(path.join(ROOT, input));
  return hash.digest('hex');
}

function build() {
  const marker = path.join(STACK, 'build.fingerprint');
  const fingerprint = buildFingerprint();
  if (existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint) return 'skipped';
  run('npm', ['run', '--silent', 'build']);
  mkdirSync(STACK, { recursive: true });
  writeFileSync(marker, fingerprint);
}

/** Everything `npm start` needs before the store can run, and with `forTests` (`npm test`) the
 *  tools only the tests use. */
export function prepare({ forTests = false } = {}) {
  checkPrerequisites();
  step(`Node ${NODE_VERSION} (npm registry)`, installNode);
  step('system packages (redis, nginx, chromium, fonts, gcc, patch)', () => installSystemPackages(STORE_PACKAGES));
  step('node modules (npm ci)', installNodeModules);
  step('Kafka 3.9 broker (Maven Central)', installKafka);
  step(`Keycloak ${KEYCLOAK_VERSION} (Maven Central)`, installKeycloak);
  step('Keycloak providers of the store (Maven)', buildKeycloakProviders);
  step(`FerretDB ${FERRETDB_VERSION} (Go module proxy)`, installFerretDb);
  step(`Jaeger ${JAEGER_VERSION} for the services' traces (Go module proxy; the first build takes minutes)`, installJaeger);
  step(`Mailpit ${MAILPIT_VERSION}, the mail sink and its web inbox (Go module proxy, npm registry)`, installMailpit);
  if (forTests) {
    step('system packages for the tests (python3-venv, wrk)', () => installSystemPackages(TEST_PACKAGES));
    step(`Toxiproxy ${TOXIPROXY_VERSION} for the fault tests (Go module proxy)`, installToxiproxy);
    step(`docker compose ${COMPOSE_VERSION} for the compose file test (Go module proxy)`, installDockerCompose);
    step(`schemathesis ${SCHEMATHESIS_VERSION} for the API fuzz test (PyPI)`, installSchemathesis);
    step(`helm ${HELM_VERSION} and kubectl-validate ${KUBECTL_VALIDATE_VERSION} for the chart test (Go module proxy)`, installChartTools);
  }
  step('build (TypeScript services, webpack front ends)', build);
}

/** What a project command needs before it can run on the project's Node (infra/bin/on-project-node.mjs):
 *  that Node, and on a clone with none yet, the node modules. Quiet when both are there. */
export function prepareProjectNode() {
  if (!existsSync(PROJECT_NODE)) step(`Node ${NODE_VERSION} (npm registry)`, installNode);
  if (!existsSync(path.join(ROOT, 'node_modules', '.bin'))) step('node modules (npm ci)', installNodeModules);
}

/** What `npm run bench` needs beyond the running store. */
export function prepareBench() {
  step('system packages for the benchmarks (wrk)', () => installSystemPackages(BENCH_PACKAGES));
}

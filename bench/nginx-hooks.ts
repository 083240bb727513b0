// What the benchmarks need of the local stack's nginx, added only while they run: the shipped
// configuration (infra/nginx/nginx.conf) includes {{STACK}}/nginx/extra/*.map into the map of
// $catalog_read_client and {{STACK}}/nginx/extra/*.conf into its server, and that folder is empty
// but for these files.
// - bench.map: a catalog read from 127.0.0.1 naming one address of the range reserved for benchmarks
//   (198.18.0.0/15, RFC 2544) in X-Forwarded-For is counted by the gateway under that address, so
//   that a load spread over many addresses (bench/load.ts, spread-addresses.lua) measures the
//   application with its per-address limiter on rather than the limiter's refusals. Any other client,
//   any other claim (another range, a list), and every other location keep the address nginx saw.
// - bench.conf: /bench/ serves the baselines the benchmarks write into .stack/bench (the catalog's JSON
//   as a static file, static snapshots of rendered pages).
// nginx reads them on SIGHUP (a graceful reload: requests in flight finish on the old workers).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { stackDir, stackEnv } from '@bazar/testing';

const ROOT = resolve(__dirname, '..');
export const HOOKS_DIR = join(stackDir, 'nginx', 'extra');
const MAP_FILE = join(HOOKS_DIR, 'bench.map');
const LOCATION_FILE = join(HOOKS_DIR, 'bench.conf');
const BENCH_DIR = join(stackDir, 'bench');
/** A file under /bench/ that tells whether nginx has taken the hooks in (served) or left them (not). */
const PROBE = 'nginx-hooks-probe.txt';

const MAP = `"~^127\\.0\\.0\\.1 (?<bench_client>198\\.1[89]\\.[0-9]{1,3}\\.[0-9]{1,3})$" $bench_client;\n`;
const LOCATION = `location /bench/ {
  include ${ROOT}/infra/nginx/security-headers.conf;
  alias ${BENCH_DIR}/;
  add_header Cache-Control no-cache;
}
`;

/** The worker processes of nginx's master `pid` now (Linux). */
async function workersOf(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return children.split(/\s+/).filter(Boolean).map(Number);
}
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The longest wait for the old configuration's workers: they close idle kept-alive connections at
 *  once, but finish long-lived ones (an open order stream) first, which may take minutes. */
const OLD_WORKERS_MS = 2_000;

/** Has the stack's nginx read its configuration again, and waits until /bench/ answers as `served`
 *  and the workers of the old configuration are gone, or have had OLD_WORKERS_MS to close their
 *  idle connections (a connection kept alive to one of them would still be answered as before). */
async function reload(served: boolean): Promise<void> {
  const pid = Number((await readFile(join(stackDir, 'nginx', 'nginx.pid'), 'utf8')).trim());
  const old = await workersOf(pid);
  process.kill(pid, 'SIGHUP');
  const sent = Date.now();
  const deadline = sent + 10_000;
  for (;;) {
    const status = await fetch(`${stackEnv.webUrl}/bench/${PROBE}`).then(
      (answer) => answer.status,
      () => 0,
    );
    if ((status === 200) === served && (!old.some(running) || Date.now() - sent > OLD_WORKERS_MS)) return;
    if (Date.now() > deadline)
      throw new Error(
        `nginx did not ${served ? 'take in' : 'leave'} the benchmark hooks of ${HOOKS_DIR} (see its error log in .stack/logs)`,
      );
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Adds the benchmark hooks to the running stack's nginx. */
export async function addBenchHooks(): Promise<void> {
  await mkdir(HOOKS_DIR, { recursive: true });
  await mkdir(BENCH_DIR, { recursive: true });
  await writeFile(join(BENCH_DIR, PROBE), 'the benchmark hooks are on\n');
  await writeFile(MAP_FILE, MAP);
  await writeFile(LOCATION_FILE, LOCATION);
  await reload(true);
}

/** Takes them out again: nginx is as shipped. */
export async function removeBenchHooks(): Promise<void> {
  await rm(MAP_FILE, { force: true });
  await rm(LOCATION_FILE, { force: true });
  await reload(false);
}

/** Runs `work` with the hooks on, and takes them out after, whatever happens. */
export async function withBenchHooks<T>(work: () => Promise<T>): Promise<T> {
  await addBenchHooks();
  try {
    return await work();
  } finally {
    await removeBenchHooks();
  }
}

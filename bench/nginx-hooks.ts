// What the benchmarks need of the local stack's nginx, added only while they run: their own file,
// bench/nginx-hooks.conf (a benchmark's client address on the catalog reads, and /bench/ for their
// baselines), which the shipped configuration (infra/nginx/bazar.conf.template) does not include.
// addBenchHooks writes it into the stack's nginx folder, followed by the shipped catalog reads'
// location passing that address on instead of nginx's (the same micro-cache, measured as shipped),
// and includes it at the top of the server of the stack's nginx.conf, so that its location is the one
// nginx picks for a catalog read; removeBenchHooks takes the line out again. The stack rewrites only
// the gateway's replicas when it scales, so the hooks stay on through a benchmark that scales it.
// nginx reads them on SIGHUP (a graceful reload: requests in flight finish on the old workers).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { stackDir, stackEnv } from '@bazar/testing';

const ROOT = resolve(__dirname, '..');
const CONFIG = join(stackDir, 'nginx', 'nginx.conf');
export const HOOKS_FILE = join(stackDir, 'nginx', 'bench-hooks.conf');
const INCLUDE = `    include ${HOOKS_FILE};\n`;
const BENCH_DIR = join(stackDir, 'bench');
/** A file under /bench/ that tells whether nginx has taken the hooks in (served) or left them (not). */
const PROBE = 'nginx-hooks-probe.txt';

/** The location of nginx.conf's server that micro-caches the catalog reads, passing on `client` as
 *  the address the gateway counts the read against instead of the address nginx saw. */
function catalogReadsWith(config: string, client: string): string {
  const lines = config.split('\n');
  const cached = lines.indexOf('      proxy_cache catalog_reads;');
  let start = cached;
  while (start > 0 && !lines[start]!.startsWith('    location ')) start -= 1;
  const end = lines.indexOf('    }', cached);
  const location = lines.slice(start, end + 1).join('\n');
  const shipped = '      proxy_set_header X-Forwarded-For $remote_addr;';
  if (cached < 0 || start <= 0 || end < 0 || location.split(shipped).length !== 2)
    throw new Error(`${CONFIG}: no location of the catalog reads that passes on the address nginx saw`);
  return `${location.replace(shipped, `      proxy_set_header X-Forwarded-For ${client};`)}\n`;
}

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
  // 0 or less would signal a process group (ours among them), not nginx
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`${stackDir}/nginx/nginx.pid names no running nginx`);
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
        `nginx did not ${served ? 'take in' : 'leave'} the benchmark hooks of ${HOOKS_FILE} (see its error log in .stack/logs)`,
      );
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Adds the benchmark hooks to the running stack's nginx. */
export async function addBenchHooks(): Promise<void> {
  await mkdir(BENCH_DIR, { recursive: true });
  await writeFile(join(BENCH_DIR, PROBE), 'the benchmark hooks are on\n');
  const config = await readFile(CONFIG, 'utf8');
  const hooks = (await readFile(join(ROOT, 'bench', 'nginx-hooks.conf'), 'utf8'))
    .replace(/^(#.*\n)+\n/, '')
    .replaceAll('${SNIPPETS}', join(ROOT, 'infra', 'nginx'))
    .replaceAll('${BENCH_DIR}', BENCH_DIR);
  await writeFile(HOOKS_FILE, `${hooks}\n${catalogReadsWith(config, '$bench_client')}`);
  if (!config.includes(INCLUDE)) {
    const server = config.indexOf('\n  server {\n');
    if (server < 0) throw new Error(`${CONFIG}: no server to add the benchmark hooks to`);
    const at = server + '\n  server {\n'.length;
    await writeFile(CONFIG, `${config.slice(0, at)}${INCLUDE}${config.slice(at)}`);
  }
  await reload(true);
}

/** Takes them out again: nginx is as shipped. */
export async function removeBenchHooks(): Promise<void> {
  await writeFile(CONFIG, (await readFile(CONFIG, 'utf8')).replace(INCLUDE, ''));
  await rm(HOOKS_FILE, { force: true });
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

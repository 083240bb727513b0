// What a catalog read costs at each layer, each against a baseline serving the same JSON bytes
// (GET /products, the catalog's cached product list), measured in the same run:
//   1. through nginx with its one-second micro-cache (what shoppers mostly get) vs nginx serving
//      the bytes as a static file: mostly nginx's own speed;
//   2. through nginx with the micro-cache bypassed (Cache-Control: no-cache, a browser's reload:
//      nginx -> gateway -> catalog on every request, the application path a cache miss, a
//      personalised or a write request takes) vs the same static file;
//   3. the gateway directly vs the catalog service directly (throughput and p99), and beside it a
//      bare proxy (bare-proxy.ts) vs the catalog: the most a proxy in Node reaches here; and nginx
//      with one worker as the proxy (nginx-proxy.ts): what a proxy in C reaches;
//   4. the catalog service directly vs bare Node `http` (bare-server.ts) serving the bytes.
// The machine is shared (2 cores, other work may run), so every measurement is repeated in
// BENCH_ROUNDS rounds, each pair back to back within a round; a figure is the round with the median
// ratio, its name gives the range over the rounds.
// Usage: node --import tsx bench/catalog-read/run.ts   (the stack must be up; see bench/README.md)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { stackEnv } from '@bazar/testing';
import { emitFigures, verdict, type Figure } from '../figures';
import { CONNECTIONS, DURATION_S, measureThroughput, throughputRow, type Throughput } from '../load';

const ROOT = join(__dirname, '..', '..');
const WEB_URL = process.env.BAZAR_WEB_URL ?? stackEnv.webUrl;
const STATIC_URL = process.env.BENCH_STATIC_URL ?? `${WEB_URL}/bench/products.json`;
const STATIC_FILE = join(ROOT, '.stack', 'bench', 'products.json');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TARGET = {
  cachedP99Ms: 25,
  bypassedVsStatic: 0.35,
  gatewayVsService: 0.8,
  gatewayP99VsService: 1.5,
  serviceVsBare: 0.5,
  homeKbGzip: 60,
};

/** The address this bench's own checks come from (see load.ts for the load's). */
const CHECK_ADDRESS = { 'x-forwarded-for': '198.18.255.254' };
/** A browser's reload: nginx passes it to the gateway instead of answering from its micro-cache. */
const RELOAD = { 'cache-control': 'no-cache' };

interface Target {
  title: string;
  url: string;
  headers?: Record<string, string>;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<{ body: Buffer; cache: string | null }> {
  const response = await fetch(url, { headers: { ...CHECK_ADDRESS, ...headers } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { body: Buffer.from(await response.arrayBuffer()), cache: response.headers.get('x-cache-status') };
}

/** One of the bench's bare servers (`script`, a file beside this one), in a process of its own;
 *  answers it and its address. */
async function startBare(
  script: 'bare-server.ts' | 'bare-proxy.ts' | 'nginx-proxy.ts',
  argument: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, script), argument], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [url] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [undefined])])) as [string | undefined];
  if (!url) throw new Error(`${script} did not start`);
  return { child, url };
}

/** Writes the catalog's answer where nginx serves it statically and checks that every target
 *  answers the same bytes (which also warms the catalog's read cache and nginx's micro-cache). */
async function prepare(): Promise<{ targets: Record<Key, Target>; size: number; servers: ChildProcess[] }> {
  const catalogUrl = `${stackEnv.catalogUrl}/products`;
  const bytes = (await get(catalogUrl)).body;
  await mkdir(join(ROOT, '.stack', 'bench'), { recursive: true });
  await writeFile(STATIC_FILE, bytes);
  const bare = await startBare('bare-server.ts', STATIC_FILE);
  const proxy = await startBare('bare-proxy.ts', stackEnv.catalogUrl);
  const nginxProxy = await startBare('nginx-proxy.ts', stackEnv.catalogUrl);
  const targets: Record<Key, Target> = {
    static: { title: 'nginx static file', url: STATIC_URL },
    cached: { title: 'nginx micro-cache', url: `${WEB_URL}/api/products` },
    bypassed: { title: 'nginx, cache bypassed', url: `${WEB_URL}/api/products`, headers: RELOAD },
    gateway: { title: 'gateway directly', url: `${stackEnv.gatewayUrl}/products` },
    proxy: { title: 'bare undici proxy', url: `${proxy.url}/products` },
    nginxProxy: { title: 'nginx as the proxy', url: `${nginxProxy.url}/products` },
    catalog: { title: 'catalog directly', url: catalogUrl },
    bare: { title: 'bare Node http', url: bare.url },
  };
  try {
    for (const [key, target] of Object.entries(targets)) {
      const answer = await get(target.url, target.headers);
      const where = key === 'static' ? '; see bench/catalog-read/README.md for the nginx location' : '';
      if (!answer.body.equals(bytes)) throw new Error(`${target.title} (${target.url}) does not answer the catalog's bytes${where}`);
      if (key === 'bypassed' && answer.cache !== 'BYPASS')
        throw new Error(`a reload through nginx was not sent to the gateway (X-Cache-Status ${answer.cache})`);
    }
  } catch (err) {
    for (const { child } of [bare, proxy, nginxProxy]) child.kill('SIGTERM');
    throw err;
  }
  return { targets, size: bytes.length, servers: [bare.child, proxy.child, nginxProxy.child] };
}

const KEYS = ['static', 'cached', 'bypassed', 'gateway', 'proxy', 'nginxProxy', 'catalog', 'bare'] as const;
type Key = (typeof KEYS)[number];
type Round = Record<Key, Throughput>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
/** ` (ratio over 3 rounds: 0.41–0.47)`: what a figure's name says of its spread; nothing for one round. */
const spread = (what: string, values: number[], digits: number, unit = '') =>
  ROUNDS === 1
    ? ''
    : ` (${what} over ${ROUNDS} rounds: ${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}${unit})`;

/** One figure of `of` against `baseline` on `metric`: the round with the median ratio, the range of
 *  the ratio over the rounds in its name. */
function pairFigure(rounds: Round[], name: string, of: Key, baseline: Key, metric: 'rps' | 'p99', target?: Figure['target']): Figure {
  const ratios = rounds.map((round) => round[of][metric] / round[baseline][metric]);
  const chosen = rounds[ratios.indexOf(median(ratios))]!;
  return {
    bench: 'catalog-read',
    name: `${name}${spread('ratio', ratios, 2)}`,
    value: chosen[of][metric],
    unit: metric === 'rps' ? 'req/s' : 'ms',
    baseline: { name: `${chosen[baseline].title}${metric === 'p99' ? ' p99' : ''}`, value: chosen[baseline][metric] },
    ...(target && { target }),
  };
}

/** What the shell downloads for the home page beyond the shared libraries: the remote entry and
 *  the HomePage expose's own chunks (its `sync` JS), gzipped. The `async` lists also hold the
 *  remote's fallback copies of shared libraries, which the page takes from the shell instead. */
async function homeCodeGzipKb(): Promise<number | undefined> {
  const dist = join(ROOT, 'mf-catalog', 'dist');
  let manifest: { exposes: { name: string; assets: { js: { sync: string[] } } }[] };
  try {
    manifest = JSON.parse(await readFile(join(dist, 'mf-manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return undefined;
  }
  const home = manifest.exposes.find((e) => e.name === 'HomePage');
  if (!home) return undefined;
  const files = new Set(['remoteEntry.js', ...home.assets.js.sync]);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  return bytes / 1024;
}

async function main(): Promise<void> {
  const { targets, size, servers } = await prepare();
  const rounds: Round[] = [];
  try {
    console.log(`GET /products, the same ${size} bytes from each; ${CONNECTIONS} connections, ${DURATION_S} s each, ${ROUNDS} rounds\n`);
    for (let i = 1; i <= ROUNDS; i++) {
      // how busy the machine is besides: over 2 (its cores), every figure of the round is slowed
      console.log(
        `round ${i}: load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}`,
      );
      const round = {} as Round;
      for (const key of KEYS) {
        const target = targets[key];
        try {
          round[key] = await measureThroughput(target.title, target.url, { headers: target.headers });
        } catch (err) {
          const refused =
            key === 'bypassed' || key === 'cached'
              ? ' (429s: does nginx pass the benchmark addresses? are the hooks of bench/nginx-hooks.ts on? npm run bench adds them)'
              : '';
          throw new Error(`${err instanceof Error ? err.message : String(err)}${refused}`, { cause: err });
        }
        console.log(`round ${i}  ${throughputRow(round[key])}`);
      }
      console.log();
      rounds.push(round);
    }
  } finally {
    for (const server of servers) server.kill('SIGTERM');
  }

  const cachedP99 = rounds.map((round) => round.cached.p99);
  const figures: Figure[] = [
    pairFigure(rounds, 'GET /api/products through the nginx micro-cache', 'cached', 'static', 'rps'),
    {
      bench: 'catalog-read',
      name: `GET /api/products through the nginx micro-cache p99${spread('p99', cachedP99, 0, ' ms')}`,
      value: median(cachedP99),
      unit: 'ms',
      target: { on: 'value', op: '<=', limit: TARGET.cachedP99Ms },
    },
    pairFigure(rounds, 'GET /api/products, micro-cache bypassed', 'bypassed', 'static', 'rps', {
      on: 'ratio',
      op: '>=',
      limit: TARGET.bypassedVsStatic,
    }),
    pairFigure(rounds, 'GET /api/products, micro-cache bypassed p99', 'bypassed', 'static', 'p99'),
    pairFigure(rounds, 'GET /products, gateway directly', 'gateway', 'catalog', 'rps', {
      on: 'ratio',
      op: '>=',
      limit: TARGET.gatewayVsService,
    }),
    pairFigure(rounds, 'GET /products, gateway directly p99', 'gateway', 'catalog', 'p99', {
      on: 'ratio',
      op: '<=',
      limit: TARGET.gatewayP99VsService,
    }),
    // the gateway's ceiling: a proxy that does none of the gateway's own work
    pairFigure(rounds, 'GET /products, bare undici proxy', 'proxy', 'catalog', 'rps'),
    pairFigure(rounds, 'GET /products, bare undici proxy p99', 'proxy', 'catalog', 'p99'),
    // and what a proxy in C, one process as the gateway is, reaches on the same cores
    pairFigure(rounds, 'GET /products, nginx as the proxy (one worker)', 'nginxProxy', 'catalog', 'rps'),
    pairFigure(rounds, 'GET /products, nginx as the proxy (one worker) p99', 'nginxProxy', 'catalog', 'p99'),
    pairFigure(rounds, 'GET /products, catalog service directly', 'catalog', 'bare', 'rps', {
      on: 'ratio',
      op: '>=',
      limit: TARGET.serviceVsBare,
    }),
    pairFigure(rounds, 'GET /products, catalog service directly p99', 'catalog', 'bare', 'p99'),
  ];
  const home = await homeCodeGzipKb();
  if (home !== undefined)
    figures.push({
      bench: 'catalog-read',
      name: 'mf-catalog home code (gzip)',
      value: home,
      unit: 'KB',
      target: { on: 'value', op: '<=', limit: TARGET.homeKbGzip },
    });
  else console.log('mf-catalog home code: no mf-catalog/dist build');

  for (const figure of figures) {
    const ratio = figure.baseline ? `  ${(figure.value / figure.baseline.value).toFixed(3)}× ${figure.baseline.name}` : '';
    console.log(`${figure.name}: ${figure.value.toFixed(figure.unit === 'KB' ? 2 : 0)} ${figure.unit}${ratio} ${verdict(figure)}`);
  }
  emitFigures(figures);
}

main().catch((err: unknown) => {
  console.error(`catalog-read bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

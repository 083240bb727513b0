// Browsing a catalog of 5,000 products (issue 21): a category page's first 24 products, p95 under
// load, and the gzip size of one page. The bench seeds 5,000 generated groceries of its own batch
// (`npm run seed -- --products 5000 --batch catalog-browse-bench`) and removes them when done, so
// the rest of the store is as it found it. Measured, each with the same connections and duration:
//   1. the catalog service directly;
//   2. through nginx with its micro-cache bypassed (Cache-Control: no-cache, a reload): nginx ->
//      gateway -> catalog on every request, the path a cache miss takes; the target is held here;
//   3. through nginx's micro-cache, what shoppers mostly get.
// Then the search box's suggestions (GET /products/suggestions?q=), typed prefixes and words with a
// typo taken in turn, from the catalog service directly and through nginx with its micro-cache
// bypassed (targets 30 and 50 ms).
// p95 is taken from every response's latency (autocannon reports no p95 of its own).
// Usage: node --import tsx bench/catalog-browse/run.ts   (the stack must be up; see README.md)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { stackEnv } from '@bazar/testing';
import { emitFigures, verdict, type Figure } from '../figures';
import { CONNECTIONS, DURATION_S } from '../load';

const ROOT = join(__dirname, '..', '..');
const WEB_URL = process.env.BAZAR_WEB_URL ?? stackEnv.webUrl;
const PRODUCTS = 5_000;
const BATCH = 'catalog-browse-bench';
const CATEGORY = 'Rice';
const TARGET = { firstPageP95Ms: 40, pageKbGzip: 20, suggestionsP95Ms: 30, suggestionsThroughNginxP95Ms: 50 };
/** What shoppers type into the search box: the first letters of a word, some of them with a typo. */
const TYPED = [
  'ch',
  'chi',
  'chic',
  'chick',
  'chiken',
  'ri',
  'ric',
  'rice',
  'minik',
  'dal',
  'musur',
  'mustard oi',
  'soy',
  'tea',
  'biscu',
  'bisuit',
  'milk',
  'mlk pow',
  'egg',
  'onio',
  'pran',
  'radhuni',
  'aci',
  'fresh',
  'suga',
  'salt',
  'atta',
  'moida',
  'noodl',
  'shampo',
  'soap',
  'deter',
  'ghee',
  'hilsa',
  'fish',
  'beef',
  'mutton',
  'potat',
  'lentil',
  'chanachur',
];
let typed = 0;
const nextSuggestions = () => `/products/suggestions?q=${encodeURIComponent(TYPED[(typed = (typed + 1) % TYPED.length)]!)}`;

/** Spread over addresses of the benchmark range, as bench/catalog-read does: nginx passes them on
 *  from loopback for catalog reads, so the gateway's per-address limit counts many clients. */
let next = 0;
const clientAddress = () => {
  next = (next + 1) % 4096;
  return { 'x-forwarded-for': `198.18.${next >> 8}.${next & 255}` };
};

async function seed(...options: string[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'infra', 'stack', 'cli.ts'), 'seed', ...options], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seed ${options.join(' ')} failed (exit ${code})`);
}

interface Latencies {
  title: string;
  p50: number;
  p95: number;
  rps: number;
  total: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** GETs of `url` from CONNECTIONS connections for DURATION_S; every response's latency kept. */
async function measure(title: string, url: string, headers: () => Record<string, string>, path?: () => string): Promise<Latencies> {
  const times: number[] = [];
  const result = await autocannon({
    title,
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => ({ ...req, ...(path && { path: path() }), headers: { ...req.headers, ...headers() } }),
      },
    ],
    setupClient: (client) => void client.on('response', (_status, _bytes, time) => times.push(time)),
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${count}× ${status}`);
    throw new Error(
      `${title}: ${failed} failed requests of ${result.requests.total} (${[...statuses, `${result.errors} errors`, `${result.timeouts} timeouts`].join(', ')})`,
    );
  }
  times.sort((a, b) => a - b);
  return { title, p50: percentile(times, 50), p95: percentile(times, 95), rps: result.requests.average, total: times.length };
}

/** What nginx sends for `path` to a browser that takes gzip: the bytes on the wire, and the total. */
function gzipped(path: string): Promise<{ bytes: number; encoding: string | undefined; total: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${WEB_URL}${path}`, { headers: { 'accept-encoding': 'gzip', ...clientAddress() } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: res.headers['content-encoding'], total: res.headers['x-total-count'] as string | undefined })
          : reject(new Error(`${path} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  console.log(`seeding ${PRODUCTS} generated products (batch ${BATCH})…`);
  await seed('--products', String(PRODUCTS), '--batch', BATCH);
  try {
    const page = `/products?category=${encodeURIComponent(CATEGORY)}&page=1&pageSize=24`;
    const first = await gzipped(`/api${page}`);
    const shelf = await fetch(`${stackEnv.catalogUrl}/products?pageSize=1`);
    console.log(
      `catalog: ${shelf.headers.get('x-total-count')} products; category ${CATEGORY}: ${first.total} products; ` +
        `${CONNECTIONS} connections, ${DURATION_S} s each; load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}\n`,
    );
    const runs = [
      await measure('catalog directly', `${stackEnv.catalogUrl}${page}`, clientAddress),
      await measure('nginx, cache bypassed', `${WEB_URL}/api${page}`, () => ({ ...clientAddress(), 'cache-control': 'no-cache' })),
      await measure('nginx micro-cache', `${WEB_URL}/api${page}`, clientAddress),
      await measure('suggestions, catalog', stackEnv.catalogUrl, clientAddress, nextSuggestions),
      await measure(
        'suggestions, nginx bypassed',
        `${WEB_URL}/api`,
        () => ({ ...clientAddress(), 'cache-control': 'no-cache' }),
        () => `/api${nextSuggestions()}`,
      ),
    ];
    for (const run of runs)
      console.log(
        `${run.title.padEnd(24)} ${run.rps.toFixed(0).padStart(7)} req/s   p50 ${run.p50.toFixed(1)} ms   p95 ${run.p95.toFixed(1)} ms   (${run.total} requests)`,
      );
    const largest = await gzipped(`/api/products?category=${encodeURIComponent(CATEGORY)}&page=2&pageSize=48`);
    console.log(
      `\none page through nginx (${first.encoding ?? 'not compressed'}): 24 products ${first.bytes} bytes, 48 products ${largest.bytes} bytes\n`,
    );

    const [service, bypassed, cached, suggested, suggestedThroughNginx] = runs as [Latencies, Latencies, Latencies, Latencies, Latencies];
    const figures: Figure[] = [
      {
        bench: 'catalog-browse',
        name: `category page, first 24 of ${first.total} products, through nginx (cache bypassed) p95`,
        value: bypassed.p95,
        unit: 'ms',
        baseline: { name: 'catalog service directly p95', value: service.p95 },
        target: { on: 'value', op: '<=', limit: TARGET.firstPageP95Ms },
      },
      { bench: 'catalog-browse', name: 'category page, first 24 products, nginx micro-cache p95', value: cached.p95, unit: 'ms' },
      {
        bench: 'catalog-browse',
        name: `one page of 24 products (gzip${first.encoding === 'gzip' ? ', as nginx sends it' : ''})`,
        value: first.bytes / 1024,
        unit: 'KB',
        target: { on: 'value', op: '<=', limit: TARGET.pageKbGzip },
      },
      { bench: 'catalog-browse', name: 'one page of 48 products, the largest (gzip)', value: largest.bytes / 1024, unit: 'KB' },
      {
        bench: 'catalog-browse',
        name: `search suggestions among ${shelf.headers.get('x-total-count')} products, catalog service p95`,
        value: suggested.p95,
        unit: 'ms',
        target: { on: 'value', op: '<=', limit: TARGET.suggestionsP95Ms },
      },
      {
        bench: 'catalog-browse',
        name: 'search suggestions through nginx (cache bypassed) p95',
        value: suggestedThroughNginx.p95,
        unit: 'ms',
        target: { on: 'value', op: '<=', limit: TARGET.suggestionsThroughNginxP95Ms },
      },
    ];
    for (const figure of figures) {
      const baseline = figure.baseline ? `  (${figure.baseline.name}: ${figure.baseline.value.toFixed(0)} ${figure.unit})` : '';
      console.log(`${figure.name}: ${figure.value.toFixed(figure.unit === 'KB' ? 2 : 0)} ${figure.unit}${baseline} ${verdict(figure)}`);
    }
    emitFigures(figures);
  } finally {
    console.log(`\nremoving the ${PRODUCTS} generated products…`);
    await seed('--remove', '--products', String(PRODUCTS), '--batch', BATCH);
  }
}

main().catch((err: unknown) => {
  console.error(`catalog-browse bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

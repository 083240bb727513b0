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
// The load is bench/load.ts's (wrk), every request from one of the benchmark range's addresses.
// Usage: node --import tsx bench/catalog-browse/run.ts   (the stack must be up; see bench/README.md)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { stackEnv } from '@bazar/testing';
import { emitFigures, verdict, type Figure } from '../figures';
import { CONNECTIONS, DURATION_S, measureThroughput, type Throughput } from '../load';

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
const SUGGESTIONS = TYPED.map((text) => `/products/suggestions?q=${encodeURIComponent(text)}`);

/** The address this bench's own checks come from (the load's are load.ts's): nginx passes an address
 *  of the benchmark range on for catalog reads from loopback. */
const CHECK_ADDRESS = { 'x-forwarded-for': '198.18.255.253' };

async function seed(...options: string[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'infra', 'stack', 'cli.ts'), 'seed', ...options], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seed ${options.join(' ')} failed (exit ${code})`);
}

/** What nginx sends for `path` to a browser that takes gzip: the bytes on the wire, and the total. */
function gzipped(path: string): Promise<{ bytes: number; encoding: string | undefined; total: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${WEB_URL}${path}`, { headers: { 'accept-encoding': 'gzip', ...CHECK_ADDRESS } }, (res) => {
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
    const reload = { 'cache-control': 'no-cache' };
    const runs = [
      await measureThroughput('catalog directly', `${stackEnv.catalogUrl}${page}`),
      await measureThroughput('nginx, cache bypassed', `${WEB_URL}/api${page}`, { headers: reload }),
      await measureThroughput('nginx micro-cache', `${WEB_URL}/api${page}`),
      await measureThroughput('suggestions, catalog', stackEnv.catalogUrl, { paths: SUGGESTIONS }),
      await measureThroughput('suggestions, nginx bypassed', WEB_URL, { headers: reload, paths: SUGGESTIONS.map((path) => `/api${path}`) }),
    ];
    for (const run of runs)
      console.log(
        `${run.title.padEnd(24)} ${run.rps.toFixed(0).padStart(7)} req/s   p50 ${run.p50.toFixed(1)} ms   p95 ${run.p95.toFixed(1)} ms   (${run.total} requests)`,
      );
    const largest = await gzipped(`/api/products?category=${encodeURIComponent(CATEGORY)}&page=2&pageSize=48`);
    console.log(
      `\none page through nginx (${first.encoding ?? 'not compressed'}): 24 products ${first.bytes} bytes, 48 products ${largest.bytes} bytes\n`,
    );

    const [service, bypassed, cached, suggested, suggestedThroughNginx] = runs as [
      Throughput,
      Throughput,
      Throughput,
      Throughput,
      Throughput,
    ];
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

// GET /api/products through nginx -> gateway -> catalog (warm cache) against nginx serving the same
// JSON bytes as a static file, same connections and duration, one after the other in one run.
// Usage: node --import tsx bench/catalog-read/run.ts   (the stack must be up; see README.md)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { emitFigures, verdict, type Figure } from '../figures';
import { CONNECTIONS, DURATION_S, measureThroughput, throughputRow } from '../load';

const ROOT = join(__dirname, '..', '..');
const WEB_URL = process.env.BAZAR_WEB_URL ?? 'http://localhost:8080';
const API_URL = `${WEB_URL}/api/products`;
const STATIC_URL = process.env.BENCH_STATIC_URL ?? `${WEB_URL}/bench/products.json`;
const TARGET = { ratio: 0.35, p99Ms: 25, homeKbGzip: 60 };

async function bytesOf(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Writes the API's answer where nginx serves it statically, and checks both serve the same bytes. */
async function prepareStaticCopy(): Promise<number> {
  const api = await bytesOf(API_URL); // also warms the read cache
  await mkdir(join(ROOT, '.stack', 'bench'), { recursive: true });
  await writeFile(join(ROOT, '.stack', 'bench', 'products.json'), api);
  const copy = await bytesOf(STATIC_URL);
  if (!copy.equals(api))
    throw new Error(`${STATIC_URL} does not serve .stack/bench/products.json; see bench/catalog-read/README.md for the nginx location`);
  return api.length;
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
  const size = await prepareStaticCopy();
  console.log(`GET /api/products: ${size} bytes; ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  const api = await measureThroughput('nginx -> gateway -> catalog', API_URL);
  const file = await measureThroughput('nginx static file', STATIC_URL);
  console.log(throughputRow(api));
  console.log(throughputRow(file));
  const home = await homeCodeGzipKb();
  const figures: Figure[] = [
    {
      bench: 'catalog-read',
      name: `GET /api/products, ${CONNECTIONS} connections`,
      value: api.rps,
      unit: 'req/s',
      baseline: { name: 'nginx static file', value: file.rps },
      target: { on: 'ratio', op: '>=', limit: TARGET.ratio },
    },
    {
      bench: 'catalog-read',
      name: 'GET /api/products p99',
      value: api.p99,
      unit: 'ms',
      baseline: { name: 'nginx static file p99', value: file.p99 },
      target: { on: 'value', op: '<=', limit: TARGET.p99Ms },
    },
  ];
  if (home !== undefined)
    figures.push({
      bench: 'catalog-read',
      name: 'mf-catalog home code (gzip)',
      value: home,
      unit: 'KB',
      target: { on: 'value', op: '<=', limit: TARGET.homeKbGzip },
    });
  else console.log('mf-catalog home code: no mf-catalog/dist build');
  console.log();
  for (const figure of figures) console.log(`${figure.name}: ${figure.value.toFixed(2)} ${figure.unit} ${verdict(figure)}`);
  console.log(`ratio API / static: ${(api.rps / file.rps).toFixed(3)} (target >= ${TARGET.ratio})`);
  emitFigures(figures);
}

main().catch((err: unknown) => {
  console.error(`catalog-read bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

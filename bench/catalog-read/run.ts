// GET /api/products through nginx -> gateway -> catalog (warm cache) against nginx serving the same
// JSON bytes as a static file, same connections and duration, one after the other in one run.
// Usage: node --import tsx bench/catalog-read/run.ts   (the stack must be up; see README.md)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const ROOT = join(__dirname, '..', '..');
const WEB_URL = process.env.BAZAR_WEB_URL ?? 'http://localhost:8080';
const API_URL = `${WEB_URL}/api/products`;
const STATIC_URL = process.env.BENCH_STATIC_URL ?? `${WEB_URL}/bench/products.json`;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
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

async function measure(title: string, url: string) {
  const result = await autocannon({ title, url, connections: CONNECTIONS, duration: DURATION_S });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${title}: ${failed} failed requests of ${result.requests.total}`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

/** What the shell downloads for the home page beyond the shared libraries: the remote entry and
 *  the HomePage expose's own chunks (sync and async, js and css), gzipped. */
async function homeCodeGzipKb(): Promise<number | undefined> {
  const dist = join(ROOT, 'mf-catalog', 'dist');
  let manifest: { exposes: { name: string; assets: Record<'js' | 'css', { sync: string[]; async: string[] }> }[] };
  try {
    manifest = JSON.parse(await readFile(join(dist, 'mf-manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return undefined;
  }
  const home = manifest.exposes.find((e) => e.name === 'HomePage');
  if (!home) return undefined;
  const files = new Set(['remoteEntry.js', ...[home.assets.js, home.assets.css].flatMap((a) => [...a.sync, ...a.async])]);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  return bytes / 1024;
}

async function main(): Promise<void> {
  const size = await prepareStaticCopy();
  console.log(`GET /api/products: ${size} bytes; ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  const api = await measure('nginx -> gateway -> catalog', API_URL);
  const file = await measure('nginx static file', STATIC_URL);
  const ratio = api.rps / file.rps;
  const row = (m: typeof api) =>
    `${m.title.padEnd(30)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   (${m.total} requests)`;
  console.log(row(api));
  console.log(row(file));
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(`\nratio API / static: ${ratio.toFixed(3)} (target >= ${TARGET.ratio}: ${verdict(ratio >= TARGET.ratio)})`);
  console.log(`API p99: ${api.p99} ms (target <= ${TARGET.p99Ms} ms: ${verdict(api.p99 <= TARGET.p99Ms)})`);
  const home = await homeCodeGzipKb();
  console.log(
    home === undefined
      ? 'mf-catalog home code: no mf-catalog/dist build'
      : `mf-catalog home code: ${home.toFixed(1)} KB gzip (target <= ${TARGET.homeKbGzip} KB: ${verdict(home <= TARGET.homeKbGzip)})`,
  );
}

main().catch((err: unknown) => {
  console.error(`catalog-read bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

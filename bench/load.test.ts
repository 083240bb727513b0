// The benchmarks' load (load.ts) against a server of the test's own: wrk's requests name the
// benchmark range's addresses, spread, and a run with a refused request fails rather than counting.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { measureThroughput } from './load';

let server: Server;
let url: string;
const addresses = new Map<string, number>();
let refuse = false;
const cacheControls = new Set<string | undefined>();
const paths = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const address = String(req.headers['x-forwarded-for']);
    addresses.set(address, (addresses.get(address) ?? 0) + 1);
    cacheControls.add(req.headers['cache-control']);
    paths.set(String(req.url), (paths.get(String(req.url)) ?? 0) + 1);
    res.writeHead(refuse ? 429 : 200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/products`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  addresses.clear();
  cacheControls.clear();
  paths.clear();
});

test('every request names one of 4,096 addresses of 198.18.0.0/15, in turn, with the headers asked for', async () => {
  const run = await measureThroughput('test server', url, { headers: { 'cache-control': 'no-cache' }, seconds: 2 });
  expect(run.total).toBeGreaterThan(4096);
  expect(run.rps).toBeGreaterThan(0);
  expect(run.p95).toBeGreaterThanOrEqual(run.p50);
  expect(run.p99).toBeGreaterThanOrEqual(run.p95);
  expect([...paths.keys()]).toEqual(['/products']);
  expect([...addresses.keys()].every((address) => /^198\.18\.(1[0-5]|\d)\.\d{1,3}$/.test(address))).toBe(true);
  expect(addresses.size).toBe(4096);
  expect([...cacheControls]).toEqual(['no-cache']);
  // taken in turn: no address is sent much more often than another
  const counts = [...addresses.values()];
  expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(Math.ceil(run.total / 4096) + 2);
});

test("asks the paths given in turn, on the URL's server", async () => {
  const asked = ['/products?category=Rice&page=1', '/products/suggestions?q=chi%20l', '/product-details/1'];
  await measureThroughput('test server', url, { paths: asked, seconds: 1 });
  expect([...paths.keys()].sort()).toEqual([...asked].sort());
  const counts = [...paths.values()];
  expect(Math.max(...counts) / Math.min(...counts)).toBeLessThan(1.1);
});

test('a run in which the server refused requests fails, naming how many', async () => {
  refuse = true;
  try {
    await expect(measureThroughput('refusing server', url, { seconds: 1 })).rejects.toThrow(
      /refusing server: \d+ answers that were not 2xx or 3xx/,
    );
  } finally {
    refuse = false;
  }
});

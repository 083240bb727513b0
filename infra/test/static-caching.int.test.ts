// How nginx lets a repeat visit paint from the browser's cache (issue 19, item 5): content-hashed
// bundles are kept a year without asking again; the files that name them (the HTML, the runtime
// manifest of remotes, each remote's mf-manifest.json and remoteEntry.js) and the apps' server
// builds are asked again on every load and, unchanged, answer 304 without a body. The names come from the builds nginx serves.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rawWebRequest } from '@bazar/testing';

const ROOT = path.resolve(__dirname, '..', '..');
const IMMUTABLE = 'public, max-age=31536000, immutable';
const GZIP = { 'Accept-Encoding': 'gzip' };

const shellScript = /<script\b[^>]*\bsrc="\/([^"]+\.js)"/.exec(readFileSync(path.join(ROOT, 'shell/dist/index.html'), 'utf8'))?.[1];
const catalogManifest = JSON.parse(readFileSync(path.join(ROOT, 'mf-catalog/dist/mf-manifest.json'), 'utf8')) as {
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
};
const homeExpose = catalogManifest.exposes.find((expose) => expose.name === 'HomePage')!;

const hashedFiles = [
  `/${shellScript}`,
  ...homeExpose.assets.js.sync.map((file) => `/mf/catalog/${file}`),
  ...homeExpose.assets.css.sync.map((file) => `/mf/catalog/${file}`),
  `/${readdirSync(path.join(ROOT, 'shell/dist')).find((file) => file.endsWith('.woff2'))}`,
];
const revalidated = ['/', '/search', '/index.html', '/mf-remotes.json', '/mf/catalog/mf-manifest.json', '/mf/catalog/remoteEntry.js'];
// The apps' server builds, named without a hash: the renderer renders with a release of one at once.
const serverBuilds = ['/server/render.js', '/mf/catalog/server/remoteEntry.js', '/mf/catalog/server/mf-manifest.json'];

it.each(hashedFiles)('%s, named by its content, is cached for a year as immutable', async (file) => {
  expect(file).toMatch(/[0-9a-f]{8,}\.(js|css|woff2)$/);
  const answer = await rawWebRequest(file, { headers: GZIP });
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe(IMMUTABLE);
});

it('a bundle sent gzipped says so, for a shared cache to keep one copy per encoding', async () => {
  const answer = await rawWebRequest(`/${shellScript}`, { headers: GZIP });
  expect(answer.headers['content-encoding']).toBe('gzip');
  expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
});

it.each([...revalidated, ...serverBuilds])('%s is revalidated on every load, and answers 304 while unchanged', async (file) => {
  const first = await rawWebRequest(file, { headers: GZIP });
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toBe('no-cache');
  const etag = first.headers.etag;
  expect(etag).toBeDefined();

  const again = await rawWebRequest(file, { headers: { ...GZIP, 'If-None-Match': etag! } });
  expect(again.status).toBe(304);
  expect(again.body).toBe('');
});

// A script that answers 404 fails to load (and a remote's fallback shows); the page's HTML with a 200
// would be run as a script instead.
it.each(['/main.00000000.js', '/mf/catalog/__federation_expose_HomePage.00000000.js'])('%s, not built, answers 404', async (file) => {
  expect((await rawWebRequest(file)).status).toBe(404);
});

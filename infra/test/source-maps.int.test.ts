// The store's code is served without its sources: production builds name no source map in their
// files, and the web server refuses *.map, though the builds keep the maps (for an error tracker).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { rawWebRequest } from '@bazar/testing';

const ROOT = path.resolve(__dirname, '..', '..');
const APPS = [
  { dist: 'shell/dist', url: '/' },
  { dist: 'mf-catalog/dist', url: '/mf/catalog/' },
  { dist: 'mf-cart/dist', url: '/mf/cart/' },
  { dist: 'mf-dashboard/dist', url: '/mf/dashboard/' },
];

it.each(APPS)('$dist: its scripts name no map, and its maps are built but not served', async ({ dist, url }) => {
  const files = readdirSync(path.join(ROOT, dist));
  const script = files.find((file) => file.endsWith('.js'))!;
  const map = files.find((file) => file.endsWith('.js.map'));
  expect(map).toBeDefined();
  const naming = files.filter(
    (file) => /\.(js|css)$/.test(file) && readFileSync(path.join(ROOT, dist, file), 'utf8').includes('sourceMappingURL'),
  );
  expect(naming).toEqual([]);

  const served = await rawWebRequest(`${url}${script}`);
  expect(served.status).toBe(200);
  expect(served.body).not.toContain('sourceMappingURL');
  const answer = await rawWebRequest(`${url}${map!}`);
  expect(answer.status).toBe(404);
  expect(answer.body).not.toContain('"sources"');
});

// The store's Content-Security-Policy lets inline scripts run only by their hashes: every inline
// script of the pages the build writes must have its hash there, or browsers refuse to run it
// (read from the production build that `npm test` makes before jest runs).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const policy = readFileSync(path.join(ROOT, 'infra/nginx/security-headers.conf'), 'utf8');
const scriptSources = /script-src ([^;]*);/.exec(policy)?.[1]?.split(' ') ?? [];

const inlineScripts = (page: string) =>
  [...readFileSync(path.join(ROOT, page), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((found) => found[1]!);
const hashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

test.each(['shell/dist/index.html', 'shell/dist/silent-check-sso.html'])('the inline scripts of %s may run', (page) => {
  const scripts = inlineScripts(page);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(scriptSources).toContain(hashSource(script));
});

test('the policy allows no inline script but those', () => {
  const hashes = ['shell/dist/index.html', 'shell/dist/silent-check-sso.html'].flatMap(inlineScripts).map(hashSource);
  expect(scriptSources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
  expect(scriptSources).not.toContain("'unsafe-inline'");
});

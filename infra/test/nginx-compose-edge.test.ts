// The compose nginx (infra/nginx/docker.conf) keeps the edge of the local stack's (nginx.conf), which
// the integration tests walk at :8080 (keycloak-edge, nginx-api-edge, nginx-refusals-in-json): the
// same Keycloak paths forwarded and the rest of /auth refused, the same /api locations, and nginx's own
// refusals answered by the same pages. Compose needs an engine to run; this reads the files.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A config's lines, trimmed, with the security headers' include named alike (the files live
 *  elsewhere in the image). */
const config = (file: string) =>
  readFileSync(path.resolve(__dirname, '../nginx', file), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^include \S*security-headers\.conf;$/, 'include security-headers.conf;'));
const local = config('nginx.conf');
const compose = config('docker.conf');

it.each([
  ['the Keycloak locations', /^location .*\/auth\//],
  ['the /api locations', /^location .*\/api\//],
  ["nginx's own error pages", /^error_page /],
])('%s are the same in docker.conf as in nginx.conf', (_what, pattern) => {
  const ours = local.filter((line) => pattern.test(line));
  expect(ours.length).toBeGreaterThan(0);
  expect(compose.filter((line) => pattern.test(line))).toEqual(ours);
});

/** The lines of the location `target` names, up to its closing brace. */
function locationOf(lines: string[], target: string): string[] {
  const start = lines.findIndex((line) => line === `location ${target.startsWith('@') ? '' : '= '}${target} {`);
  if (start < 0) return [];
  return lines.slice(start, lines.indexOf('}', start) + 1);
}

// @client_app, the rendered pages' fallback, serves the app, which compose proxies to its own container.
const refusalPages = [...new Set(local.flatMap((line) => /^error_page .* (\S+);$/.exec(line)?.[1] ?? []))].filter(
  (target) => target !== '@client_app',
);

it.each(refusalPages)('the refusal page %s answers the same in docker.conf', (target) => {
  const ours = locationOf(local, target);
  expect(ours.length).toBeGreaterThan(2);
  expect(locationOf(compose, target)).toEqual(ours);
});

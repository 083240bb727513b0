// The containers' nginx (compose's, the chart's) keeps the edge of the local stack's, which the
// integration tests walk at :8080 (keycloak-edge, nginx-api-edge, nginx-refusals-in-json): the same
// Keycloak paths forwarded and the rest of /auth refused, the same /api locations, and nginx's own
// refusals answered by the same pages. All come from infra/nginx/bazar.conf.template; this holds the
// places' parts (infra/nginx/places) to leaving them alone. Compose needs an engine to run; this
// reads the files.
import { EDGE_PLACES, edgeConfigOf, type EdgePlaceName } from './edge-configs.ts';

/** A config's lines, trimmed, with the security headers' include and the upstreams' names said alike
 *  (the files live elsewhere in the image; the neighbours have the place's names). */
const config = (place: EdgePlaceName) =>
  edgeConfigOf(place)
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^include \S*security-headers\.conf;$/, 'include security-headers.conf;')
        .replace(/^set \$(\w+)_upstream \S+;$/, 'set $$$1_upstream <place>;'),
    );
const local = config('native');
const containers = EDGE_PLACES.filter((place) => place !== 'native');

it.each([
  ['the Keycloak locations', /^location .*\/auth\//],
  ['the /api locations', /^location .*\/api\//],
  ["nginx's own error pages", /^error_page /],
])('%s are the same in compose and on the cluster as natively', (_what, pattern) => {
  const ours = local.filter((line) => pattern.test(line));
  expect(ours.length).toBeGreaterThan(0);
  for (const place of containers) expect(config(place).filter((line) => pattern.test(line))).toEqual(ours);
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

it.each(refusalPages)('the refusal page %s answers the same in compose and on the cluster', (target) => {
  const ours = locationOf(local, target);
  expect(ours.length).toBeGreaterThan(2);
  for (const place of containers) expect(locationOf(config(place), target)).toEqual(ours);
});

// A neighbour by the name its place gives it: compose's service name, the cluster's Service in the
// release's namespace (which the chart fills in), with its port.
it.each([
  ['compose', /^[a-z][a-z-]*:\d+$/],
  ['cluster', /^[a-z][a-z-]*\.@NAMESPACE@\.svc\.cluster\.local:\d+$/],
] as const)('every neighbour of the %s nginx.conf is named as its place names it', (place, name) => {
  const named = [...edgeConfigOf(place).matchAll(/^\s*set \$\w+_upstream (\S+);$/gm)].map((match) => match[1]!);
  expect(named.length).toBeGreaterThan(5);
  expect(named.filter((upstream) => !name.test(upstream))).toEqual([]);
});

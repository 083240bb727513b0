/**
 * The edge's nginx.conf where the store runs, from its one template (infra/nginx/bazar.conf.template)
 * and the place's part of it (infra/nginx/places): the native stack renders it when nginx starts
 * (infra/stack/nginx-config.ts), generate.ts writes compose's and the chart's. Every `${NAME}` is
 * filled in here, from the topology's addresses and folders of the place (place.ts) and what only the
 * edge has (where nginx writes, its port, the DNS it asks); a name left unfilled stops the rendering.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Place } from './place.ts';

const NGINX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../nginx');

/** The shapes of the place's part: upstreams over loopback ports and the builds on disk (native), or
 *  names looked up per request and the apps' own containers (compose, the cluster). */
export type EdgeShape = 'native' | 'containers';

/** What the edge needs of a place of the topology. */
export type EdgePlace = Pick<Place, 'address' | 'keycloak' | 'dir'>;

/** What only the edge has in a place. */
export interface EdgeSite {
  /** where nginx keeps its pid, temporary files and the micro-cache */
  state: string;
  errorLog: string;
  /** its `listen` (an interface and port, or a port) */
  listen: string;
  /** the folder of infra/nginx's snippets (security-headers.conf) as nginx sees it */
  snippets: string;
  /** sign-in form posts an address may make a minute, after a burst of 20: SIGN_IN_POSTS_PER_MINUTE
   *  unless the place says otherwise (a test run, whose every browser signs in from one address) */
  signInPostsPerMinute?: number;
}

/** What the store ships: a person retyping a password is never slowed, a script guessing from one
 *  address is. */
export const SIGN_IN_POSTS_PER_MINUTE = 10;

/** `text` with each `${NAME}` replaced by its value; a name without one is an error of `file`. */
export function fill(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: no value for \${${name}}`);
    return value;
  });
}

/** A part's text without its heading comment (what it is, said once in its own file). */
const partOf = (shape: EdgeShape, level: 'http' | 'server', values: Record<string, string>) => {
  const file = `places/${shape}.${level}.conf`;
  const text = readFileSync(path.join(NGINX, file), 'utf8');
  return fill(text.slice(text.indexOf('\n\n') + 2), values, `infra/nginx/${file}`);
};

/** host:port of a base URL (not by URL's parser: the chart's names hold Helm's @NAMESPACE@, which it
 *  would take for a user's name). */
const hostOf = (url: string) => url.replace(/^[a-z]+:\/\//, '').replace(/\/.*$/, '');

/** The edge's nginx.conf in `shape`, with the place's `values` (the template's and the part's). */
export function renderEdge(shape: EdgeShape, values: Record<string, string>): string {
  // the template's heading says how it is filled in, which the filled-in file need not repeat
  const body = readFileSync(path.join(NGINX, 'bazar.conf.template'), 'utf8').replace(/^(#.*\n)+/, '');
  return fill(
    body
      .replace(/^ *\$\{HTTP_PART\}\n/m, () => partOf(shape, 'http', values))
      .replace(/^ *\$\{SERVER_PART\}\n/m, () => partOf(shape, 'server', values)),
    values,
    'infra/nginx/bazar.conf.template',
  );
}

/** The values every place gives: where it writes, listens, and finds the media and rendered pages. */
const common = (place: EdgePlace, site: EdgeSite) => ({
  NGINX_STATE: site.state,
  ERROR_LOG: site.errorLog,
  LISTEN: site.listen,
  SNIPPETS: site.snippets,
  MEDIA_DIR: place.dir('media'),
  RENDERED_DIR: place.dir('rendered'),
  SIGN_IN_POSTS_PER_MINUTE: String(site.signInPostsPerMinute ?? SIGN_IN_POSTS_PER_MINUTE),
});

/** The native stack's nginx.conf: the upstream blocks on the place's loopback addresses, the
 *  storefront's builds under `root` and the releases under `releases`, and the gateway's replicas
 *  in the file `gatewayReplicas` (a `server` line each). */
export function nativeEdge(place: EdgePlace, site: EdgeSite, own: { root: string; releases: string; gatewayReplicas: string }): string {
  return renderEdge('native', {
    ...common(place, site),
    GATEWAY: 'gateway',
    RENDERER: 'renderer',
    KEYCLOAK: 'keycloak',
    GATEWAY_REPLICAS: own.gatewayReplicas,
    RENDERER_SERVER: hostOf(place.address('renderer', 'one')),
    KEYCLOAK_SERVER: hostOf(place.keycloak),
    ROOT: own.root,
    RELEASES_DIR: own.releases,
  });
}

/** The nginx.conf of the edge's container (compose, the cluster): each neighbour by the place's name
 *  for it, looked up per request from `resolver`. */
export function containersEdge(place: EdgePlace, site: EdgeSite, resolver: string): string {
  const at = (of: Parameters<EdgePlace['address']>[0]) => hostOf(place.address(of, 'one'));
  return renderEdge('containers', {
    ...common(place, site),
    RESOLVER: resolver,
    GATEWAY: at('gateway'),
    RENDERER: at('renderer'),
    KEYCLOAK: hostOf(place.keycloak),
    SHELL: at('shell'),
    MF_CATALOG: at('mf-catalog'),
    MF_CART: at('mf-cart'),
    MF_DASHBOARD: at('mf-dashboard'),
  });
}

/** Where the edge's container writes and listens: /tmp (it runs as the unprivileged nginx user),
 *  errors to its log, `port` on every interface, the snippets beside its nginx.conf. */
export const containerSite = (port: number): EdgeSite => ({
  state: '/tmp',
  errorLog: '/dev/stderr',
  listen: String(port),
  snippets: '/etc/nginx',
});

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nativeEdge, SIGN_IN_POSTS_PER_MINUTE, type EdgePlace } from '../topology/edge.ts';
import { portOf } from '../topology/place.ts';
import { rootPath } from './paths.ts';
import { HOST, PORTS, replicaPort } from './ports.ts';

/** The file of the gateway's replicas nginx balances over, beside its nginx.conf in the stack folder. */
const replicasFile = (stack: string) => path.join(stack, 'nginx', 'gateway-replicas.conf');

/** The setting that changes how many sign-in form posts one address may make a minute. `npm test`
 *  raises it for the stack of its run: every browser of the suite signs in from 127.0.0.1, as no
 *  address of real shoppers does (a carrier's shared address aside, which is why it is a setting). */
export const SIGN_IN_POSTS_SETTING = 'BAZAR_SIGN_IN_POSTS_PER_MINUTE';

/** The posts a minute the setting asks for, or what the store ships. */
export function signInPostsPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  const asked = env[SIGN_IN_POSTS_SETTING];
  if (asked === undefined || asked === '') return SIGN_IN_POSTS_PER_MINUTE;
  const value = Number(asked);
  if (!Number.isInteger(value) || value < 1 || value > 600)
    throw new Error(`${SIGN_IN_POSTS_SETTING} must be a whole number of posts a minute from 1 to 600, not '${asked}'`);
  return value;
}

/** The native stack's nginx.conf (infra/nginx/bazar.conf.template, infra/topology/edge.ts): its state
 *  in the stack folder `stack`, which it also serves media, rendered pages and releases from, the
 *  storefront's builds of the repository `root`, listening on `port`, the neighbours on loopback. */
export function renderNginxConfig({ root, stack, port }: { root: string; stack: string; port: number }): string {
  const place: EdgePlace = {
    address: (of) => `http://${HOST}:${portOf(of)}`,
    keycloak: `http://${HOST}:${PORTS.keycloak}/auth`,
    dir: (of) => path.join(stack, of),
  };
  const config = nativeEdge(
    place,
    {
      state: path.join(stack, 'nginx'),
      errorLog: path.join(stack, 'logs', 'nginx-error.log'),
      listen: `${HOST}:${port}`,
      snippets: rootPath('infra', 'nginx'),
      signInPostsPerMinute: signInPostsPerMinute(),
    },
    { root, releases: path.join(stack, 'releases'), gatewayReplicas: replicasFile(stack) },
  );
  // Workers of a root master run as nobody unless told otherwise; the project files belong to the caller.
  return `# Rendered by infra/stack/nginx-config.ts from infra/nginx/bazar.conf.template.\n${process.getuid?.() === 0 ? 'user root;\n' : ''}${config}`;
}

/** Writes the gateway's `gateways` replicas for the nginx of the stack folder `stack` (a `server` line
 *  each), which nginx reads on its start and on SIGHUP; the stack rewrites only this file when it
 *  scales, so the rest of nginx.conf stays as it is. */
export async function writeGatewayReplicas(stack: string, gateways: number): Promise<void> {
  await mkdir(path.dirname(replicasFile(stack)), { recursive: true });
  const servers = Array.from({ length: gateways }, (_, at) => `server ${HOST}:${replicaPort(PORTS.gateway, at + 1)};\n`);
  await writeFile(replicasFile(stack), servers.join(''));
}

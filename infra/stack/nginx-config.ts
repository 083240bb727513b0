import { readFile } from 'node:fs/promises';
import { rootPath } from './paths.ts';
import { HOST, PORTS, replicaPort } from './ports.ts';

/** infra/nginx/nginx.conf with its placeholders filled in (the repository, the stack folder nginx
 *  keeps its state in and serves media and releases from), listening on `port` instead of 8080, and
 *  balancing over `gateways` replicas of the gateway (one by default). nginx passes a request a
 *  replica refused to connect on to the next one (proxy_next_upstream's default, `error timeout`). */
export async function renderNginxConfig({
  root,
  stack,
  port,
  gateways = 1,
}: {
  root: string;
  stack: string;
  port: number;
  gateways?: number;
}): Promise<string> {
  const gatewayServers = Array.from({ length: gateways }, (_, at) => `    server ${HOST}:${replicaPort(PORTS.gateway, at + 1)};`);
  const template = await readFile(rootPath('infra', 'nginx', 'nginx.conf'), 'utf8');
  return (
    template
      .replaceAll('{{ROOT}}', root)
      .replaceAll('{{STACK}}', stack)
      .replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${port};`)
      .replace(`    server ${HOST}:${PORTS.gateway};`, gatewayServers.join('\n'))
      // Workers of a root master run as nobody unless told otherwise; the project files belong to the caller.
      .replaceAll('{{USER}}', process.getuid?.() === 0 ? 'user root;' : '')
  );
}

import { readFile } from 'node:fs/promises';
import { rootPath } from './paths.ts';

/** infra/nginx/nginx.conf with its placeholders filled in (the repository, the stack folder nginx
 *  keeps its state in and serves media and releases from), listening on `port` instead of 8080. */
export async function renderNginxConfig({ root, stack, port }: { root: string; stack: string; port: number }): Promise<string> {
  const template = await readFile(rootPath('infra', 'nginx', 'nginx.conf'), 'utf8');
  return (
    template
      .replaceAll('{{ROOT}}', root)
      .replaceAll('{{STACK}}', stack)
      .replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${port};`)
      // Workers of a root master run as nobody unless told otherwise; the project files belong to the caller.
      .replaceAll('{{USER}}', process.getuid?.() === 0 ? 'user root;' : '')
  );
}

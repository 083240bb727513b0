// The gateway figure's other ceiling: nginx, a proxy written in C, with one worker process (as the
// gateway is one Node process), streaming every request to the catalog service and its answer back
// over kept-alive connections, and nothing else. Beside the bare undici proxy (bare-proxy.ts, the
// most a proxy in Node reaches) it shows what the gateway's target asks of a proxy on these two
// cores. Prints its address once it answers; stops nginx and removes its files on SIGTERM.
// Usage: node --import tsx bench/catalog-read/nginx-proxy.ts <catalog origin>
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort } from '@bazar/testing';

const origin = process.argv[2];
if (!origin) throw new Error('usage: nginx-proxy.ts <catalog origin>');
const upstream = new URL(origin);
/** How long nginx has to answer once started. */
const READY_WITHIN_MS = 5_000;

/** nginx's configuration: one process, its files in `dir`, the catalog behind `port`. */
const proxyConfig = (dir: string, port: number) => `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream catalog { server ${upstream.host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://catalog;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
`;

/** Writes nginx's configuration, starts it, and prints its address once it answers. */
async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bazar-nginx-proxy-'));
  const port = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, proxyConfig(dir, port));

  const nginx = spawn('nginx', ['-c', config, '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  nginx.on('exit', (code) => {
    cleanUp();
    process.exit(code ?? 0);
  });
  process.on('SIGTERM', () => nginx.kill('SIGQUIT'));

  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(() => fetch(`${url}/health`), READY_WITHIN_MS);
  } catch (err) {
    nginx.kill('SIGKILL');
    throw new Error(`nginx did not answer on ${url} within ${READY_WITHIN_MS / 1000} s; see ${dir}/error.log`, { cause: err });
  }
  console.log(url);
}

void main();

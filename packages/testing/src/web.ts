import http from 'node:http';
import { stackEnv } from './stack';

/** A request as `rawRequest` sends it; `from` is the loopback address to send it from. */
export interface RawRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  from?: string;
}

export interface RawWebAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request to the store's public address, sent as written: fetch would resolve `..` and encoded
 *  slashes in the path before nginx ever saw them. `from` is the loopback address to send it from
 *  (any of 127.0.0.0/8), for tests of what nginx counts per client address. */
export function rawWebRequest(path: string, init: RawRequestInit = {}): Promise<RawWebAnswer> {
  return rawRequest(stackEnv.webUrl, path, init);
}

/** The same to any server of the stack (`origin`, a service's address): also what a browser's
 *  cache sends, where fetch adds Cache-Control: no-cache to a request with If-None-Match. */
export function rawRequest(origin: string, path: string, init: RawRequestInit = {}): Promise<RawWebAnswer> {
  const server = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: server.hostname,
        port: server.port,
        path,
        method: init.method ?? 'GET',
        headers: init.headers,
        ...(init.from && { localAddress: init.from, family: 4 }),
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

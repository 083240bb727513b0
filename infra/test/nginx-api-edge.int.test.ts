// nginx in front of /api (infra/nginx/nginx.conf), issue 18's rough edges: a write to a micro-cached
// catalog path keeps its token (the catalog has no write there today: the gateway must still see it), and nginx's own refusals answer in JSON with the app's security
// headers instead of its HTML page. Requests go byte for byte with node:http.
import http from 'node:http';
import { ACCOUNTS, signedInAndSynced, stackEnv } from '@bazar/testing';

const web = new URL(stackEnv.webUrl);

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: web.hostname, port: web.port, path, method: init.method ?? 'GET', headers: init.headers },
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

describe('writes to the micro-cached catalog paths keep their token', () => {
  const post = (token: string | undefined) =>
    send('/api/alloffers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: '{}',
    });

  it('a valid token reaches the gateway (no such write: 404), an invalid one is refused as invalid, none as missing', async () => {
    const admin = await signedInAndSynced(ACCOUNTS.admin);
    expect(await post(admin)).toEqual(expect.objectContaining({ status: 404, body: JSON.stringify({ error: 'No such endpoint' }) }));
    // the gateway tells a token it refused from no token at all
    expect(JSON.parse((await post('not.a.token')).body)).toEqual({ error: 'Your sign-in is not valid; sign in again' });
    expect(JSON.parse((await post(undefined)).body)).toEqual({ error: 'Sign in first' });
  });

  it('a read of the same path is still served without the token', async () => {
    const read = await send('/api/alloffers', { headers: { authorization: 'Bearer not-a-token' } });
    expect(read.status).toBe(200);
  });
});

describe("nginx's own refusals of /api requests", () => {
  const securityHeaders = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];

  it.each([
    ['headers too large', 400, () => send('/api/products', { headers: { 'x-padding': 'a'.repeat(20_000) } })],
    [
      'a body too large',
      413,
      () => send('/api/upload', { method: 'POST', headers: { 'content-type': 'image/png' }, body: 'a'.repeat(7_000_000) }),
    ],
    ['an endpoint kept internal', 404, () => send('/api/metrics')],
  ])('%s: %i in JSON with the security headers', async (_what, status, call) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    for (const header of securityHeaders) expect({ header, value: answer.headers[header] }).toEqual({ header, value: expect.any(String) });
  });
});

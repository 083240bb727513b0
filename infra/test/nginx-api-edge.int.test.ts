// nginx in front of /api (infra/nginx/bazar.conf.template), issue 18's rough edges: a write to a micro-cached
// catalog path keeps its token (the catalog has no write there today: the gateway must still see it), and nginx's own refusals answer in JSON with the app's security
// headers instead of its HTML page, and the public health answer names no component. Requests go
// byte for byte (rawWebRequest).
import { randomInt } from 'node:crypto';
import { ErrorAnswer, PUBLIC_API } from '@bazar/contracts';
import { ACCOUNTS, newShopper, rawWebRequest } from '@bazar/testing';

describe('writes to the micro-cached catalog paths keep their token', () => {
  const post = (token: string | undefined) =>
    rawWebRequest('/api/alloffers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: '{}',
    });

  it('a valid token reaches the gateway (no such write: 404), an invalid one is refused as invalid, none as missing', async () => {
    // a shopper of its own: the demo admin's writes (60 a minute) are spent by other tests running beside
    const { token } = await newShopper('alloffers');
    expect(await post(token)).toEqual(
      expect.objectContaining({ status: 404, body: JSON.stringify({ error: 'No such endpoint', code: 'no-such-endpoint' }) }),
    );
    // the gateway tells a token it refused from no token at all
    expect(JSON.parse((await post('not.a.token')).body)).toEqual({
      error: 'Your sign-in is not valid; sign in again',
      code: 'sign-in-again',
    });
    expect(JSON.parse((await post(undefined)).body)).toEqual({ error: 'Sign in first', code: 'sign-in-first' });
  });

  it('a read of the same path is still served without the token', async () => {
    const read = await rawWebRequest('/api/alloffers', { headers: { authorization: 'Bearer not-a-token' } });
    expect(read.status).toBe(200);
  });
});

describe('every path of the API passes a write’s token on to the gateway', () => {
  // A token the gateway refuses as invalid reached it; one nginx dropped would be refused as missing.
  const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const paths = [...new Set(PUBLIC_API.map((endpoint) => endpoint.path))];
  const writeOf = (path: string) => PUBLIC_API.find((endpoint) => endpoint.path === path && endpoint.method !== 'get')?.method ?? 'post';

  it.each(paths.map((path) => [writeOf(path).toUpperCase(), path] as const))('%s %s', async (method, path) => {
    const answer = await rawWebRequest(
      `/api${path.replace('{email}', ACCOUNTS.shopper.email).replace('{id}', '0123456789abcdef01234567')}`,
      {
        from,
        method,
        headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
        // node sends a DELETE's body without its length, which nginx would read as another request
        body: method === 'DELETE' ? undefined : '{}',
      },
    );
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 401,
      body: JSON.stringify({ error: 'Your sign-in is not valid; sign in again', code: 'sign-in-again' }),
    });
  });
});

describe("nginx's own refusals of /api requests", () => {
  const securityHeaders = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];

  it.each([
    ['headers too large', 400, () => rawWebRequest('/api/products', { headers: { 'x-padding': 'a'.repeat(20_000) } })],
    [
      'a body too large',
      413,
      () => rawWebRequest('/api/upload', { method: 'POST', headers: { 'content-type': 'image/png' }, body: 'a'.repeat(7_000_000) }),
    ],
    ['an endpoint kept internal', 404, () => rawWebRequest('/api/metrics')],
  ])('%s: %i in JSON with the security headers', async (_what, status, call) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    // in the store's shape, with a code of the contracts' catalogue (parse throws otherwise)
    expect(ErrorAnswer.parse(JSON.parse(answer.body))).toMatchObject({ error: expect.any(String) });
    for (const header of securityHeaders) expect({ header, value: answer.headers[header] }).toEqual({ header, value: expect.any(String) });
  });
});

describe('the store’s health through the public address', () => {
  // nginx merges the slashes of /api//health before it picks a location: the same answer
  it.each(['/api/health', '/api//health', '/api/health?detail=1'])('%s says only whether the store is up', async (path) => {
    const answer = await rawWebRequest(path);
    expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({ status: 200, body: { status: 'up' } });
    expect(answer.headers['content-security-policy']).toBeDefined();
  });

  it.each(['/api/ready', '/api/status', '/api/health/', '/api/HEALTH', '/api/Ready?x=1'])(
    'keeps the components’ detail to the internal network: %s answers 404',
    async (path) => {
      const answer = await rawWebRequest(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.body).not.toMatch(/kafka|database|redis|consumers/);
    },
  );
});

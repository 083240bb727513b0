// nginx with the gateway stopped (issue 18): an /api request answers 503 in JSON, to try again after
// Retry-After, with the store's security headers, not nginx's HTML page; the micro-cached catalog
// reads are still served. Runs alone (BAZAR_TEST_PHASE=alone): it stops the gateway, and starts it
// again.
import { rawWebRequest, stackControl } from '@bazar/testing';

jest.setTimeout(120_000);

const securityHeaders = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];

beforeAll(async () => {
  // a catalog read nginx keeps, for the stale copy it may serve while the gateway is away
  expect((await rawWebRequest('/api/products')).status).toBe(200);
  await stackControl.stop('gateway');
});
afterAll(() => stackControl.start('gateway'));

it.each([
  ['GET', '/api/myallcart/shopper%40bazar.test'],
  ['POST', '/api/addtocart'],
  ['GET', '/api/health'],
])('%s %s: 503 in JSON with Retry-After and the security headers', async (method, path) => {
  const answer = await rawWebRequest(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: method === 'POST' ? '{}' : undefined,
  });
  expect(answer.status).toBe(503);
  expect(answer.headers['retry-after']).toBe('5');
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: 'The store is unavailable right now; try again in a moment', code: 'service-away' });
  for (const header of securityHeaders) expect({ header, value: answer.headers[header] }).toEqual({ header, value: expect.any(String) });
});

it('a catalog read nginx has cached is still served', async () => {
  const answer = await rawWebRequest('/api/products');
  expect(answer.status).toBe(200);
  // HIT within its second, STALE after it: either way not asked of the gateway
  expect(['HIT', 'STALE']).toContain(answer.headers['x-cache-status']);
});

// What nginx answers on /api paths when it, not the gateway, has to refuse (issue 18): a request
// line too long (414) and a rate limit (429) answer in JSON with the store's security headers, never
// nginx's HTML page. The gateway unreachable (502) is in nginx-gateway-down.fault.test.ts, since it
// stops the gateway.
import { randomInt } from 'node:crypto';
import { rawWebRequest, type RawWebAnswer } from '@bazar/testing';

const securityHeaders = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];

function expectJsonRefusal(answer: RawWebAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
  for (const header of securityHeaders) expect({ header, value: answer.headers[header] }).toEqual({ header, value: expect.any(String) });
}

describe('a request line too long (414)', () => {
  // nginx reads request lines into 8 KB buffers; a longer line is refused before its path is known
  it.each([
    ['a search', `/api/products?search=${'a'.repeat(9_000)}`],
    ['a path', `/api/product-details/${'b'.repeat(9_000)}`],
    ['a write', `/api/addtocart?${'c'.repeat(20_000)}`],
  ])('%s: 414 in JSON', async (_what, path) => {
    const answer = await rawWebRequest(path, { method: path.includes('addtocart') ? 'POST' : 'GET' });
    expectJsonRefusal(answer, 414);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The address is too long' });
  });

  it('the page behind it is not reachable from outside', async () => {
    expect((await rawWebRequest('/.nginx/uri-too-long')).status).toBe(404);
  });

  it('a long line under the limit still reaches the gateway', async () => {
    const answer = await rawWebRequest(`/api/products?search=${'a'.repeat(4_000)}`);
    expect(answer.status).toBeLessThan(414);
  });
});

describe('too many requests from one address (429)', () => {
  it('answers in JSON with the security headers on an /api path', async () => {
    // a loopback address of this test's own: nginx passes it to the gateway, which counts writes per address (300 a minute)
    const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const write = () => rawWebRequest('/api/review', { from, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    let answer = await write();
    for (let i = 0; i < 400 && answer.status !== 429; i++) answer = await write();
    expectJsonRefusal(answer, 429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

// What nginx answers on /api paths when it, not the gateway, has to refuse (issue 18): a request
// line too long (414) or one it cannot read (400) and a rate limit (429) answer in JSON with the store's security headers, never
// nginx's HTML page. The gateway unreachable (502) is in nginx-gateway-down.fault.test.ts, since it
// stops the gateway.
import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import { ErrorAnswer } from '@bazar/contracts';
import { rawWebRequest, stackEnv, type RawWebAnswer } from '@bazar/testing';

const securityHeaders = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];

function expectJsonRefusal(answer: RawWebAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  // in the store's shape, with a code of the contracts' catalogue
  expect(ErrorAnswer.strict().parse(JSON.parse(answer.body))).toEqual(JSON.parse(answer.body));
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
    expect(JSON.parse(answer.body)).toEqual({ error: 'The address is too long', code: 'address-too-long' });
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

/** Bytes sent to the store's address as they are, over a connection of their own; answers what
 *  nginx sent back. */
function rawBytes(text: string): Promise<RawWebAnswer> {
  const web = new URL(stackEnv.webUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(web.port), web.hostname, () => socket.end(text));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...body] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.join('\r\n\r\n') });
    });
  });
}

describe('a request line nginx cannot read (400)', () => {
  // nginx has no path for these: a named location's page fails, and nginx answered 500 in HTML
  it.each([
    ['a body sent after a DELETE without its length', '{}\r\n\r\n'],
    ['a control character in an /api path', 'GET /api/pro\u0001ducts HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['no method, path or version', 'BLAH\r\n\r\n'],
  ])('%s: 400 in JSON', async (_what, text) => {
    const answer = await rawBytes(text);
    expectJsonRefusal(answer, 400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The request is malformed or its headers are too large', code: 'unreadable-request' });
  });

  it('the page behind it is not reachable from outside', async () => {
    expect((await rawWebRequest('/.nginx/bad-request')).status).toBe(404);
  });
});

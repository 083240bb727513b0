// A service may refuse a request before reading its body (the user service answers a Content-Encoding
// it cannot decode 415 at once). The gateway then ends the connection with that answer, so the rest
// of the body cannot hold up the next request the client sends on the same connection. Found by the
// bad-input fuzz (infra/test/bad-input.fuzz.test.ts), where such a next request waited 30 s.
import { randomInt } from 'node:crypto';
import { Agent, request } from 'node:http';
import { stackEnv } from '@bazar/testing';
import { newShopper } from '../test/accounts';

/** One connection, kept alive between requests, as a browser would. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

function post(path: string, headers: Record<string, string>, body: Buffer): Promise<number | 'no answer'> {
  const gateway = new URL(stackEnv.gatewayUrl);
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: gateway.hostname,
        port: gateway.port,
        method: 'POST',
        path,
        agent,
        timeout: 5_000,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (answer) => answer.resume().on('end', () => resolve(answer.statusCode ?? 0)),
    );
    outgoing.on('timeout', () => outgoing.destroy());
    outgoing.on('error', () => resolve('no answer'));
    outgoing.end(body);
  });
}

it('answers the next request on a connection whose last body a service refused unread', async () => {
  const { token } = await newShopper('early-answer');
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  };
  const unreadable = Buffer.from(`{"des":"${'a'.repeat(800_000)}"}`);
  const statuses = [];
  for (let round = 0; round < 8; round++) {
    statuses.push(await post('/review', { ...headers, 'content-encoding': 'bogus' }, unreadable));
    statuses.push(await post('/review', headers, Buffer.from('{}')));
  }
  expect(statuses).toEqual(Array.from({ length: 8 }, () => [415, 400]).flat());
});

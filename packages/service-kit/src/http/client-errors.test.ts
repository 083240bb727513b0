import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerUnreadableRequests } from './client-errors';

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  answerUnreadableRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test('an address longer than Node reads is refused with 431 and the JSON error answer', async () => {
  const answer = await fetch(`${url}/users/a?search=${'😀'.repeat(3000)}`);
  expect(answer.status).toBe(431);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await answer.json()).toEqual({ error: 'The address or the headers of the request are too long', code: 'address-too-long' });
});

test('a request of ordinary size still reaches the app', async () => {
  const answer = await fetch(`${url}/users/a?search=rice`);
  expect(await answer.text()).toBe('ok');
});

import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { serverFor } from './server';

const app = express();
app.get('/shelf', (req, res) => void res.json({ path: req.path, query: req.query, isRequest: req instanceof IncomingMessage }));

let server: Server;
let url: string;
/** the prototypes of the last request and answer as the server made them, before express saw them */
let made: { request: object | null; answer: object | null } | undefined;
beforeAll(async () => {
  server = serverFor(app);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    made = { request: Object.getPrototypeOf(req) as object | null, answer: Object.getPrototypeOf(res) as object | null };
  });
  await once(server.listen(0, '127.0.0.1'), 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test('requests and answers are made with the app’s own prototypes, so express has none to swap', async () => {
  await fetch(`${url}/shelf`);
  expect(made?.request).toBe(app.request);
  expect(made?.answer).toBe(app.response);
});

test('the app answers as it would on a server of its own', async () => {
  const answer = await fetch(`${url}/shelf?page=2`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ path: '/shelf', query: { page: '2' }, isRequest: true });
  expect((await fetch(`${url}/nothing`)).status).toBe(404);
});

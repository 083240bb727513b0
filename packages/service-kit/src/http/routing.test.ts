// How a service's routes are answered: the kit's app (createApp, finishApp) on its server
// (serverFor), with routes declared on plain express routers, as services and the gateway declare
// theirs. A trailing slash, HEAD, %-escapes, capitals, refusals, throws and rejections, and a path
// nobody declared each get the answer the shop's clients rely on, in JSON.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { createLogger } from '../logger';
import { createApp, finishApp } from './app';
import { badRequest } from './errors';
import { serverFor } from './server';
import { validate } from './validate';

/** which route answered, as the metrics would label it */
const routeOf = (req: { route?: { path?: string } }) => req.route?.path ?? 'none';

function shopRouter(): Router {
  const router = Router();
  router.get('/products', (req, res) => void res.json({ route: routeOf(req), query: req.query }));
  router.get('/products/suggestions', (req, res) => void res.json({ route: routeOf(req), suggestions: [] }));
  router.get('/myallcart/:email', (req, res) => void res.json({ route: routeOf(req), email: req.params.email }));
  router.put(
    '/orders/:id/confirm',
    validate({
      params: z.object({ id: z.string().regex(/^[a-f\d]{24}$/, 'id must be 24 hex digits') }),
      body: z.strictObject({}),
    }) as RequestHandler,
    (req, res) => void res.json({ route: routeOf(req), id: req.params.id }),
  );
  router.post('/addtocart', (req, res) => void res.status(201).json({ route: routeOf(req), body: req.body as unknown }));
  router.delete('/deletecart/:id', () => {
    throw badRequest('invalid-request', 'thrown by the handler');
  });
  router.patch('/products/:id', () => Promise.reject(badRequest('invalid-request', 'rejected by the handler')));
  router.get('/broken', () => {
    throw new Error('a bug');
  });
  router.get('/passes-on', (_req, _res, next) => next('route'));
  return router;
}

const log = createLogger('routing-test', 'silent');
let server: Server;
let base: string;
beforeAll(async () => {
  server = serverFor(finishApp(createApp({ log }).use(shopRouter())));
  await once(server.listen(0, '127.0.0.1'), 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const NO_SUCH_ENDPOINT = { error: 'No such endpoint' };
const JSON_TYPE = 'application/json; charset=utf-8';

const requests: [method: string, path: string, body: unknown, status: number, answer: unknown][] = [
  ['GET', '/products', undefined, 200, { route: '/products', query: {} }],
  ['GET', '/products/', undefined, 200, { route: '/products', query: {} }],
  ['GET', '/products?category=Fruits&page=2', undefined, 200, { route: '/products', query: { category: 'Fruits', page: '2' } }],
  ['GET', '/PRODUCTS', undefined, 200, { route: '/products', query: {} }],
  ['GET', '/products/suggestions?q=rice', undefined, 200, { route: '/products/suggestions', suggestions: [] }],
  ['GET', '/myallcart/rahima%40example.com', undefined, 200, { route: '/myallcart/:email', email: 'rahima@example.com' }],
  ['GET', '/myallcart/rahima@example.com/', undefined, 200, { route: '/myallcart/:email', email: 'rahima@example.com' }],
  ['GET', '/myallcart/%E0%A4%A', undefined, 400, { error: 'The address is not validly percent-encoded' }],
  ['GET', '/myallcart/', undefined, 404, NO_SUCH_ENDPOINT],
  ['GET', '/myallcart/a/b', undefined, 404, NO_SUCH_ENDPOINT],
  ['PUT', '/orders/0123456789abcdef01234567/confirm', {}, 200, { route: '/orders/:id/confirm', id: '0123456789abcdef01234567' }],
  ['PUT', '/orders/0123456789abcdef01234567/confirm', { role: 'admin' }, 400, { error: 'Unrecognized key: "role"' }],
  ['PUT', '/orders/not-an-id/confirm', {}, 400, { error: 'id must be 24 hex digits' }],
  ['PUT', '/orders/0123456789abcdef01234567/confirm', '{"broken', 400, { error: 'The request body is not valid JSON' }],
  ['POST', '/addtocart', { productId: 'p1', quantity: 2 }, 201, { route: '/addtocart', body: { productId: 'p1', quantity: 2 } }],
  ['POST', '/products', {}, 404, NO_SUCH_ENDPOINT],
  ['DELETE', '/deletecart/1', undefined, 400, { error: 'thrown by the handler' }],
  ['PATCH', '/products/1', {}, 400, { error: 'rejected by the handler' }],
  ['GET', '/broken', undefined, 500, { error: 'Internal error' }],
  ['GET', '/passes-on', undefined, 404, NO_SUCH_ENDPOINT],
  ['GET', '/nothing', undefined, 404, NO_SUCH_ENDPOINT],
];

async function ask(method: string, path: string, body?: unknown) {
  const answer = await fetch(base + path, {
    method,
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  });
  return { status: answer.status, type: answer.headers.get('content-type'), allow: answer.headers.get('allow'), text: await answer.text() };
}

test.each(requests)('%s %s is answered in JSON', async (method, path, body, status, expected) => {
  const answer = await ask(method, path, body);
  expect({ status: answer.status, type: answer.type }).toEqual({ status, type: JSON_TYPE });
  expect(JSON.parse(answer.text)).toMatchObject(expected as object);
});

test('HEAD is answered as GET, without the body', async () => {
  const [head, get] = await Promise.all([ask('HEAD', '/products'), ask('GET', '/products')]);
  expect({ status: head.status, type: head.type, text: head.text }).toEqual({ status: 200, type: JSON_TYPE, text: '' });
  expect(get.text).not.toBe('');
});

test('OPTIONS names the methods of a path', async () => {
  expect(await ask('OPTIONS', '/products')).toMatchObject({ status: 200, allow: 'GET, HEAD' });
});

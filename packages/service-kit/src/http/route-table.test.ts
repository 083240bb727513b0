// The route table answers what express would: the same app is served through express alone and
// with the table in front, and every request below must get the same status, body and metrics label.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { createLogger } from '../logger';
import { answeringFirst, createApp, finishApp } from './app';
import { badRequest } from './errors';
import { declareRoute, RouteTable } from './route-table';
import { serverFor } from './server';
import { validate } from './validate';

/** which route answered, as the metrics would label it */
const routeOf = (req: { route?: { path?: string } }) => req.route?.path ?? 'none';

function shopRouter(): Router {
  const router = Router();
  declareRoute(router, 'get', '/products', [(req, res) => void res.json({ route: routeOf(req), query: req.query })]);
  declareRoute(router, 'get', '/products/suggestions', [(req, res) => void res.json({ route: routeOf(req), suggestions: [] })]);
  declareRoute(router, 'get', '/myallcart/:email', [(req, res) => void res.json({ route: routeOf(req), email: req.params.email })]);
  declareRoute(router, 'put', '/orders/:id/confirm', [
    validate({
      params: z.object({ id: z.string().regex(/^[a-f\d]{24}$/, 'id must be 24 hex digits') }),
      body: z.strictObject({}),
    }) as RequestHandler,
    (req, res) => void res.json({ route: routeOf(req), id: req.params.id }),
  ]);
  declareRoute(router, 'post', '/addtocart', [(req, res) => void res.status(201).json({ route: routeOf(req), body: req.body as unknown })]);
  declareRoute(router, 'delete', '/deletecart/:id', [
    () => {
      throw badRequest('invalid-request', 'thrown by the handler');
    },
  ]);
  declareRoute(router, 'patch', '/products/:id', [() => Promise.reject(badRequest('invalid-request', 'rejected by the handler'))]);
  declareRoute(router, 'get', '/broken', [
    () => {
      throw new Error('a bug');
    },
  ]);
  declareRoute(router, 'get', '/passes-on', [(_req, _res, next) => next('route')]);
  return router;
}

const log = createLogger('route-table-test', 'silent');
const servers: Server[] = [];
async function serve(withTable: boolean): Promise<string> {
  const router = shopRouter();
  const app = finishApp(createApp({ log }).use(router));
  const server = serverFor(app, withTable ? answeringFirst(app, new RouteTable().addRoutesOf(router)) : app);
  servers.push(server);
  await once(server.listen(0, '127.0.0.1'), 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
let throughExpress: string;
let throughTable: string;
beforeAll(async () => {
  [throughExpress, throughTable] = await Promise.all([serve(false), serve(true)]);
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

const requests: [method: string, path: string, body?: unknown][] = [
  ['GET', '/products'],
  ['GET', '/products/'],
  ['GET', '/products?category=Fruits&page=2'],
  ['GET', '/PRODUCTS'],
  ['HEAD', '/products'],
  ['GET', '/products/suggestions?q=rice'],
  ['GET', '/myallcart/rahima%40example.com'],
  ['GET', '/myallcart/rahima@example.com/'],
  ['GET', '/myallcart/%E0%A4%A'],
  ['GET', '/myallcart/'],
  ['GET', '/myallcart/a/b'],
  ['PUT', '/orders/0123456789abcdef01234567/confirm', {}],
  ['PUT', '/orders/0123456789abcdef01234567/confirm', { role: 'admin' }],
  ['PUT', '/orders/not-an-id/confirm', {}],
  ['PUT', '/orders/0123456789abcdef01234567/confirm', '{"broken'],
  ['POST', '/addtocart', { productId: 'p1', quantity: 2 }],
  ['POST', '/products', {}],
  ['DELETE', '/deletecart/1'],
  ['PATCH', '/products/1', {}],
  ['GET', '/broken'],
  ['GET', '/passes-on'],
  ['GET', '/nothing'],
  ['OPTIONS', '/products'],
];

async function ask(base: string, [method, path, body]: (typeof requests)[number]) {
  const answer = await fetch(base + path, {
    method,
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  });
  return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() };
}

test.each(requests.map((request) => [request[0], request[1], request] as const))(
  '%s %s is answered alike with the table in front',
  async (_method, _path, request) => {
    const [expected, actual] = await Promise.all([ask(throughExpress, request), ask(throughTable, request)]);
    expect(actual).toEqual(expected);
  },
);

test('the table answers declared routes itself, and names the route as express does', async () => {
  expect(JSON.parse((await ask(throughTable, ['GET', '/myallcart/rahima%40example.com'])).body)).toEqual({
    route: '/myallcart/:email',
    email: 'rahima@example.com',
  });
  const table = new RouteTable().addRoutesOf(shopRouter());
  expect(table.find('GET', '/products?page=2')?.route.path).toBe('/products');
  expect(table.find('HEAD', '/products/')?.route.path).toBe('/products');
  expect(table.find('GET', '/myallcart/a%40b.com')?.params).toEqual({ email: 'a@b.com' });
  // left to express: another method, capitals, a broken %-escape, a URL in absolute form
  expect(table.find('POST', '/products')).toBeUndefined();
  expect(table.find('GET', '/PRODUCTS')).toBeUndefined();
  expect(table.find('GET', '/myallcart/%E0%A4%A')).toBeUndefined();
  expect(table.find('GET', 'http://127.0.0.1/products')).toBeUndefined();
});

test('a fixed path that an earlier pattern of its method would take is refused', () => {
  expect(() => new RouteTable().add('get', '/products/:id', []).add('get', '/products/suggestions', [])).toThrow(
    'GET /products/suggestions is matched by /products/:id, declared before it',
  );
  expect(() => new RouteTable().add('get', '/products/suggestions', []).add('get', '/products/:id', [])).not.toThrow();
});

// One declaration per endpoint (issue 20): a throwaway endpoint added to the declaration here, and
// nowhere else, is routed by the gateway to its service, access-checked, validated by the service
// kit and documented. The gateway and a catalog of one handler run in this process, against the
// stack's Keycloak, Redis and user service.
import type { Server } from 'node:http';
import { IdParams, endpoint } from '@bazar/contracts';
import { createApp, currentUser, endpointRouter, finishApp } from '@bazar/service-kit/http';
import { ACCOUNTS, newShopper, signedInAndSynced, stackEnv } from '@bazar/testing';
import { z } from 'zod';
import { listen, startGateway, testLog } from '../test/in-process';

const pinNote = endpoint({
  method: 'put',
  path: '/shelf-notes/{id}',
  summary: 'Pin a note to a shelf',
  service: 'catalog',
  access: 'admin',
  params: IdParams,
  body: z.strictObject({ note: z.string().trim().min(1).max(80) }),
  answers: { 200: { description: 'The pinned note', schema: z.object({ id: z.string(), note: z.string(), by: z.string() }) } },
});

let catalog: Server;
let gateway: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  const pinNoteRoutes = endpointRouter().implement(
    pinNote,
    (req, res) => void res.json({ id: req.params.id, note: req.body.note, by: currentUser(req).email }),
  );
  catalog = await listen(finishApp(createApp({ log: testLog }).use(pinNoteRoutes)));
  gateway = await startGateway(catalog, [pinNote]);
});

afterAll(async () => {
  await gateway?.stop();
  await new Promise((resolve) => catalog?.close(resolve));
});

async function call(path: string, token?: string, body?: unknown) {
  const response = await fetch(`${gateway.url}${path}`, {
    method: body === undefined ? 'GET' : 'PUT',
    headers: { ...(token && { authorization: `Bearer ${token}` }), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const SHELF = '0123456789abcdef01234567';

it('is routed to its service and answered by its handler, with the caller the gateway verified', async () => {
  const admin = await signedInAndSynced(ACCOUNTS.admin);
  expect(await call(`/shelf-notes/${SHELF}`, admin, { note: '  Fresh hilsa today ' })).toEqual({
    status: 200,
    body: { id: SHELF, note: 'Fresh hilsa today', by: ACCOUNTS.admin.email },
  });
});

it('is access-checked as declared: a visitor must sign in, a shopper is no admin', async () => {
  expect(await call(`/shelf-notes/${SHELF}`, undefined, { note: 'x' })).toEqual({
    status: 401,
    body: { error: 'Sign in first', code: 'sign-in-first' },
  });
  const shopper = await newShopper('shelf-note');
  expect(await call(`/shelf-notes/${SHELF}`, shopper.token, { note: 'x' })).toEqual({
    status: 403,
    body: { error: 'Only an admin may do that', code: 'admin-only' },
  });
});

it('is validated by its schemas, each refusal naming its field', async () => {
  const admin = await signedInAndSynced(ACCOUNTS.admin);
  expect(await call('/shelf-notes/not-an-id', admin, { note: 'x' })).toMatchObject({
    status: 400,
    body: { error: expect.stringMatching(/^params id/), code: 'invalid-request' },
  });
  expect(await call(`/shelf-notes/${SHELF}`, admin, { note: '' })).toMatchObject({
    status: 400,
    body: { fields: { note: expect.any(String) } },
  });
  expect(await call(`/shelf-notes/${SHELF}`, admin, { note: 'x', pinnedBy: 'me' })).toMatchObject({ status: 400 });
});

it('is documented in the OpenAPI document, with its sign-in and its refusals', async () => {
  const { body } = await call('/openapi.json');
  const documented = (body as { paths: Record<string, Record<string, { summary: string; security?: unknown; responses: object }>> }).paths[
    '/shelf-notes/{id}'
  ]?.put;
  expect(documented?.summary).toBe('Pin a note to a shelf');
  expect(documented?.security).toEqual([{ keycloak: [] }]);
  expect(Object.keys(documented?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
});

it('answers a browser’s preflight with the store origin’s CORS headers, and no other origin’s', async () => {
  const preflight = (origin: string) =>
    fetch(`${gateway.url}/shelf-notes/${SHELF}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
  const fromStore = await preflight(stackEnv.webUrl);
  expect(fromStore.status).toBe(204);
  expect(fromStore.headers.get('access-control-allow-origin')).toBe(stackEnv.webUrl);
  expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
});

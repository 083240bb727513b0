// Every write of the public API, implemented by the kit in process: a key its body does not declare
// is refused with 400 naming it before the handler runs, whether the endpoint declares a body or
// none (issue 18: keys were dropped and the write answered as if they were not there).
import { generateKeyPairSync } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDENTITY_TOKEN, PUBLIC_API, SERVICE_NAMES } from '@bazar/contracts';
import express from 'express';
import request from 'supertest';
import { errorHandler } from './errors';
import { endpointRouter } from './implement';
import { IdentitySigner } from './identity-token';

const writes = PUBLIC_API.filter((endpoint) => endpoint.method !== 'get' && !endpoint.upload);
const reached: string[] = [];
const router = endpointRouter();
for (const endpoint of writes) router.implement(endpoint, (_req, res) => void (reached.push(endpoint.path), res.json({})));
const app = express().use(express.json()).use(router).use(errorHandler);
beforeEach(() => void (reached.length = 0));

const email = 'rahima@example.com';
// an admin as the gateway states one: in an identity token, signed with a key made for this test
const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
process.env.BAZAR_IDENTITY_VERIFY_KEY = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const admin = {
  [IDENTITY_TOKEN.header]: new IdentitySigner(keys.privateKey).sign(
    { sub: 'u-1', email, role: 'admin', email_verified: true },
    SERVICE_NAMES,
  ),
};
const pathOf = (path: string) =>
  path.replace('{email}', email).replace('{id}', '0123456789abcdef01234567').replace('{slot}', '2026-12-07T14');
const call = (method: string, path: string, body: unknown) => {
  const agent = request(app);
  return agent[method as 'post'](pathOf(path))
    .set({ ...admin, [IDEMPOTENCY_KEY_HEADER]: 'key-0123456789' })
    .send(body as object);
};

it('has writes without a body and writes with one', () => {
  expect(writes.filter((endpoint) => !endpoint.body).map((endpoint) => endpoint.path)).toContain('/makeadmin/{email}');
  expect(writes.filter((endpoint) => endpoint.body).map((endpoint) => endpoint.path)).toContain('/addproducts');
});

it.each(writes.map((endpoint) => [endpoint.method.toUpperCase(), endpoint.path] as const))(
  '%s %s refuses an unknown key, naming it, before its handler',
  async (method, path) => {
    for (const key of ['role', '$where', 'address.city']) {
      const answer = await call(method.toLowerCase(), path, { [key]: 'admin' });
      expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      expect((answer.body as { error: string }).error).toContain(key);
    }
    expect(reached).toEqual([]);
  },
);

it('lets a write that declares no body through with an empty one, or none', async () => {
  expect((await call('put', '/makeadmin/{email}', {})).status).toBe(200);
  expect((await request(app).delete(pathOf('/deletecart/{id}')).set(admin)).status).toBe(200);
  expect(reached).toEqual(['/makeadmin/{email}', '/deletecart/{id}']);
});

// What the gateway forwards beside who is signed in (issue 18): the installation's gateway secret,
// which the services check, and never a secret or identity a client sent itself.
import { API, IDENTITY_HEADERS } from '@bazar/contracts';
import { GATEWAY_SECRET_HEADER, createLogger } from '@bazar/service-kit';
import type { Request, Response } from 'express';
import { authenticate } from './authenticate';
import type { RateLimits } from '../limits/rate-limit';
import type { Revocations } from './revocations';
import type { RoleDirectory } from './roles';
import type { TokenVerifier } from './token-verifier';

const secret = 'the-gateway-secret-of-this-installation';
const gatekeepers = {
  verifier: {
    verify: async () => ({ sub: 'u-1', email: 'shopper@example.com', name: 'A Shopper', realmRoles: [] }),
  } as unknown as TokenVerifier,
  roles: { roleOf: async () => 'user', forget: async () => undefined } as unknown as RoleDirectory,
  revocations: { isRevoked: async () => false } as unknown as Revocations,
  limits: { address: async () => undefined, user: async () => undefined } as unknown as RateLimits,
  log: createLogger('authenticate-test', 'silent'),
};

/** The headers the request carries on to the service. */
async function forwarded(route: Parameters<typeof authenticate>[0], headers: Record<string, string>, method = 'POST') {
  const req = {
    method,
    path: '/addtocart',
    headers: { ...headers },
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
  const res = { on: () => undefined } as unknown as Response;
  let passed = false;
  await authenticate(route, gatekeepers)(req, res, () => void (passed = true));
  expect(passed).toBe(true);
  return req.headers;
}

const forged = { [GATEWAY_SECRET_HEADER]: 'guessed', [IDENTITY_HEADERS.id]: 'someone-else', [IDENTITY_HEADERS.role]: 'admin' };
const saved = process.env.BAZAR_GATEWAY_SECRET;
beforeEach(() => void (process.env.BAZAR_GATEWAY_SECRET = secret));
afterEach(() => (saved === undefined ? delete process.env.BAZAR_GATEWAY_SECRET : void (process.env.BAZAR_GATEWAY_SECRET = saved)));

it('sends the secret with the identity it verified, in place of whatever the client sent', async () => {
  const headers = await forwarded(API.addToCart, { authorization: 'Bearer a.b.c', ...forged });
  expect(headers).toEqual(
    expect.objectContaining({ [GATEWAY_SECRET_HEADER]: secret, [IDENTITY_HEADERS.id]: 'u-1', [IDENTITY_HEADERS.role]: 'user' }),
  );
  expect(headers).not.toHaveProperty('authorization');
});

it('sends neither secret nor identity on an anonymous catalog read', async () => {
  const headers = await forwarded(API.listProducts, forged, 'GET');
  for (const header of Object.keys(forged)) expect(headers).not.toHaveProperty(header);
});

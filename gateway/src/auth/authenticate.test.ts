// What the gateway forwards beside who is signed in (issue 53): an identity token it signs with the
// installation's key, stating the user it verified and the role it looked up, and never an identity
// (token or headers) a client sent itself.
import { generateKeyPairSync } from 'node:crypto';
import { API, IDENTITY_HEADERS, IDENTITY_TOKEN } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { IdentitySigner, verifyIdentityToken } from '@bazar/service-kit/http';
import type { Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { authenticate } from './authenticate';
import type { RateLimits } from '../limits/rate-limit';
import type { Revocations } from './revocations';
import type { RoleDirectory } from './roles';
import type { TokenVerifier } from './token-verifier';

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const gatekeepers = {
  verifier: {
    verify: async () => ({
      sub: 'u-1',
      email: 'shopper@example.com',
      name: 'A Shopper',
      realmRoles: ['default-roles-bazar'],
      emailVerified: true,
    }),
  } as unknown as TokenVerifier,
  roles: { roleOf: async () => 'user', forget: async () => undefined } as unknown as RoleDirectory,
  revocations: { isRevoked: async () => false } as unknown as Revocations,
  limits: { address: async () => undefined, user: async () => undefined } as unknown as RateLimits,
  identity: new IdentitySigner(keys.privateKey),
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

const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
const forged = {
  [IDENTITY_TOKEN.header]: new IdentitySigner(otherKey).sign(
    {
      sub: 'someone-else',
      email: 'x@example.com',
      role: 'admin',
      email_verified: true,
    },
    'cart',
  ),
  [IDENTITY_HEADERS.id]: 'someone-else',
  [IDENTITY_HEADERS.role]: 'admin',
  'x-bazar-gateway-secret': 'guessed',
};

it('sends a token it signed for the identity it verified, in place of whatever the client sent', async () => {
  const headers = await forwarded(API.addToCart, { authorization: 'Bearer a.b.c', ...forged });
  const token = headers[IDENTITY_TOKEN.header];
  expect(token).not.toBe(forged[IDENTITY_TOKEN.header]);
  expect(verifyIdentityToken(token as string, keys.publicKey, 'cart')).toEqual(
    expect.objectContaining({
      sub: 'u-1',
      email: 'shopper@example.com',
      name: 'A Shopper',
      role: 'user',
      realm_roles: ['default-roles-bazar'],
      email_verified: true,
    }),
  );
  for (const header of [...Object.values(IDENTITY_HEADERS), 'x-bazar-gateway-secret', 'authorization'])
    expect(headers).not.toHaveProperty(header);
});

it('names in the token the service the call goes to (and those it passes it on to), refused by any other', async () => {
  const toCart = (await forwarded(API.addToCart, { authorization: 'Bearer a.b.c' }))[IDENTITY_TOKEN.header] as string;
  expect((jwt.decode(toCart) as jwt.JwtPayload).aud).toEqual(['cart']);
  expect(() => verifyIdentityToken(toCart, keys.publicKey, 'user')).toThrow('The identity token is meant for another service');
  const toOrder = (await forwarded(API.placeOrder, { authorization: 'Bearer a.b.c' }))[IDENTITY_TOKEN.header] as string;
  expect((jwt.decode(toOrder) as jwt.JwtPayload).aud).toEqual(['order', 'cart']);
  expect(() => verifyIdentityToken(toOrder, keys.publicKey, 'catalog')).toThrow('The identity token is meant for another service');
});

it('sends no identity on an anonymous catalog read', async () => {
  const headers = await forwarded(API.listProducts, forged, 'GET');
  for (const header of Object.keys(forged)) expect(headers).not.toHaveProperty(header);
});

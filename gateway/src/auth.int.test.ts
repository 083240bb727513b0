// Token checks of the running gateway against the real Keycloak realm.
import { generateKeyPairSync, randomInt, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { newShopper, stackEnv } from '@bazar/testing';

const ISSUER = process.env.OIDC_ISSUER ?? 'http://localhost:8080/auth/realms/bazar';
const claims = { sub: randomUUID(), email: 'shopper@bazar.test', name: 'Shopper', aud: 'bazar-api', iss: ISSUER };

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${stackEnv.gatewayUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
}
const withToken = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
});

/** A real token of the realm, from the user service's confidential client. */
async function serviceAccountToken(): Promise<string> {
  const response = await fetch(`${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'bazar-user-service',
      client_secret: stackEnv.userServiceClientSecret,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

it('lets anonymous visitors read the catalog', async () => {
  expect((await call('/products')).status).toBe(200);
  expect((await call('/alloffers')).status).toBe(200);
});

it('refuses a write or a private read without a token', async () => {
  const orderplace = await call('/orderplace', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(orderplace).toEqual({ status: 401, body: { error: 'Sign in first', code: 'sign-in-first' } });
  expect(await call('/myorders', { headers: { authorization: 'Basic c2hvcHBlcjpzaG9wcGVyMTIz' } })).toEqual({
    status: 401,
    body: { error: 'Sign in first', code: 'sign-in-first' },
  });
});

it('refuses identity headers sent by the client instead of a token', async () => {
  expect((await call('/myorders', { headers: { 'x-user-id': 'u1', 'x-user-email': 'shopper@bazar.test' } })).status).toBe(401);
});

it('refuses a token signed with a key that is not the realm’s', async () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const real = jwt.decode(await serviceAccountToken(), { complete: true });
  const forged = jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: real?.header.kid, expiresIn: 300 });
  expect(await call('/myorders', withToken(forged))).toEqual({
    status: 401,
    body: { error: 'Your sign-in is not valid; sign in again', code: 'sign-in-again' },
  });
});

it('accepts a fresh real token after a flood of tokens naming made-up key ids', async () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // an address of this test's own, so the flood is not counted against anyone else's limit
  const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
  const junk = Array.from({ length: 300 }, (_, i) =>
    jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: `junk-${i}-${randomUUID()}`, expiresIn: 300 }),
  );
  const started = Date.now();
  const flood = await Promise.all(junk.map((token) => call('/myorders', withToken(token, { headers: from }))));
  expect(flood.filter((answer) => answer.status !== 401)).toEqual([]);
  // the made-up ids share the gateway's one key-set fetch per interval (5 s) instead of each waiting for its own
  expect(Date.now() - started).toBeLessThan(15_000);

  const shopper = await newShopper('after-junk-keys');
  expect((await call('/myorders', withToken(shopper.token, { headers: from }))).status).toBe(200);
}, 60_000);

it('refuses an unsigned token (alg none) and a symmetric one', async () => {
  const unsigned = jwt.sign(claims, null, { algorithm: 'none', expiresIn: 300 });
  expect((await call('/myorders', withToken(unsigned))).status).toBe(401);
  const hs256 = jwt.sign(claims, 'guessed-secret', { algorithm: 'HS256', expiresIn: 300 });
  expect((await call('/myorders', withToken(hs256))).status).toBe(401);
});

it('refuses a real token that has been tampered with', async () => {
  const [header, , signature] = (await serviceAccountToken()).split('.');
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
  expect((await call('/myorders', withToken(`${header}.${payload}.${signature}`))).status).toBe(401);
});

it('accepts a genuine realm token, but only a shopper’s token may act as a shopper', async () => {
  expect(await call('/myorders', withToken(await serviceAccountToken()))).toEqual({
    status: 403,
    body: { error: 'This token does not belong to a shopper', code: 'forbidden' },
  });
});

it('answers unknown paths with a JSON 404', async () => {
  expect(await call('/nothing-here')).toEqual({ status: 404, body: { error: 'No such endpoint', code: 'no-such-endpoint' } });
});

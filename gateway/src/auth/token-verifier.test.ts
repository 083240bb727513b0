// The verifier's rules one by one, against a JWKS served on loopback from keys made here: each
// refused token differs from an accepted one in exactly one respect. (The authorisation matrix
// checks the same verifier against the real Keycloak.)
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { TokenVerifier } from './token-verifier';

const issuer = 'http://localhost:8080/auth/realms/bazar';
const audience = 'bazar-api';
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
let published: { kid: string; publicKey: KeyObject }[] = [];
let jwksRequests = 0;
let server: Server;
let verifier: TokenVerifier;
let jwksUri: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    jwksRequests += 1;
    const keys = published.map(({ kid, publicKey }) => ({ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  jwksUri = `http://127.0.0.1:${port}/certs`;
  verifier = new TokenVerifier({ jwksUri, issuer, audience, refetchIntervalMs: 200 });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const first = { kid: 'first', ...keyPair() };
beforeEach(() => {
  published = [first];
});

const claims = {
  sub: 'user-1',
  email: 'Shopper@Bazar.test',
  email_verified: true,
  name: 'Rahim',
  realm_access: { roles: ['default-roles-bazar'] },
};
/** Signs like Keycloak would; `expiresIn: undefined` leaves `exp` out. */
function sign(payload: object, options: jwt.SignOptions = {}, key = first.privateKey, kid = first.kid): string {
  const all: jwt.SignOptions = { algorithm: 'RS256', keyid: kid, issuer, audience, expiresIn: 60, ...options };
  if (all.expiresIn === undefined) delete all.expiresIn;
  return jwt.sign(payload, key, all);
}

it('accepts a token signed by a published key, for our issuer and audience, not expired', async () => {
  expect(await verifier.verify(sign(claims))).toEqual({
    sub: 'user-1',
    email: 'shopper@bazar.test',
    name: 'Rahim',
    realmRoles: ['default-roles-bazar'],
    emailVerified: true,
  });
});

it('takes an address as verified only when the token says so', async () => {
  for (const email_verified of [false, undefined, 'true'])
    expect((await verifier.verify(sign({ ...claims, email_verified }))).emailVerified).toBe(false);
});

it.each([
  ['another issuer', () => sign(claims, { issuer: 'http://localhost:8080/auth/realms/master' }), /issuer/],
  ['another audience', () => sign(claims, { audience: 'account' }), /audience/],
  ['an expired token', () => sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, { expiresIn: undefined }), /expired/],
  ['a token without expiry', () => sign(claims, { expiresIn: undefined }), /no expiry/],
  ['a token without subject', () => sign({ ...claims, sub: undefined }), /subject/],
  ['a foreign key under our key id', () => sign(claims, {}, keyPair().privateKey), /signature/],
  [
    'HS256 keyed with the public key',
    () =>
      jwt.sign(claims, first.publicKey.export({ format: 'pem', type: 'spki' }), {
        algorithm: 'HS256',
        keyid: first.kid,
        issuer,
        audience,
        expiresIn: 60,
      }),
    /algorithm/,
  ],
  ['an unsigned token', () => jwt.sign(claims, null, { algorithm: 'none', issuer, audience, expiresIn: 60 }), /./],
])('refuses %s', async (_kind, token, reason) => {
  await expect(verifier.verify(token())).rejects.toThrow(reason);
});

describe('a token verified once', () => {
  it('is not checked again while it lasts, and only those exact bytes are taken from memory', async () => {
    const token = sign({ ...claims, sub: 'remembered' });
    const check = jest.spyOn(jwt, 'verify');
    try {
      expect((await verifier.verify(token)).sub).toBe('remembered');
      expect((await verifier.verify(token)).sub).toBe('remembered');
      expect(check).toHaveBeenCalledTimes(1);
      // the same header and claims under another signature are checked, and refused
      const [header, payload] = token.split('.');
      const forged = `${header}.${payload}.${sign(claims).split('.')[2]}`;
      await expect(verifier.verify(forged)).rejects.toThrow(/signature/);
      expect(check).toHaveBeenCalledTimes(2);
    } finally {
      check.mockRestore();
    }
  });

  it('is refused once it expires, as one never verified would be', async () => {
    // expired a moment ago, still within the clock tolerance of 5 s: taken for about 1.5 s more
    const exp = Math.floor(Date.now() / 1000) - 3;
    const token = sign({ ...claims, exp }, { expiresIn: undefined });
    expect((await verifier.verify(token)).sub).toBe('user-1');
    await new Promise((resolve) => setTimeout(resolve, (exp + 5) * 1000 - Date.now() + 100));
    await expect(verifier.verify(token)).rejects.toThrow(/expired/);
  });
});

it('fetches the key set again for a key id it has not seen (Keycloak rotated its keys)', async () => {
  await verifier.verify(sign(claims));
  const second = { kid: 'second', ...keyPair() };
  published = [first, second];
  const before = jwksRequests;
  expect((await verifier.verify(sign(claims, {}, second.privateKey, second.kid))).sub).toBe('user-1');
  expect(jwksRequests).toBeGreaterThan(before);
  const after = jwksRequests;
  await verifier.verify(sign(claims, {}, second.privateKey, second.kid));
  expect(jwksRequests).toBe(after); // now cached
});

describe('a flood of tokens naming made-up key ids', () => {
  const junk = (n: number) => {
    const { privateKey } = keyPair();
    return Array.from({ length: n }, (_, i) => sign(claims, {}, privateKey, `junk-${i}-${Math.random().toString(36).slice(2)}`));
  };

  it('costs the JWKS one fetch per interval, and does not stop a token of a newly rotated key', async () => {
    const refetchIntervalMs = 1_000;
    const fresh = new TokenVerifier({ jwksUri, issuer, audience, refetchIntervalMs });
    const started = Date.now();
    const before = jwksRequests;
    await fresh.verify(sign(claims));

    const flood = await Promise.allSettled(junk(300).map((token) => fresh.verify(token)));
    expect(flood.filter((answer) => answer.status === 'fulfilled')).toEqual([]);
    // the same made-up ids again: answered from what the last fetch showed
    await expect(fresh.verify(sign(claims, {}, keyPair().privateKey, 'junk-0'))).rejects.toThrow(/signing key/);

    const rotated = { kid: 'rotated', ...keyPair() };
    published = [first, rotated];
    const [valid, ...stillJunk] = await Promise.allSettled([
      fresh.verify(sign(claims, {}, rotated.privateKey, rotated.kid)),
      ...junk(300).map((token) => fresh.verify(token)),
    ]);
    expect(valid).toEqual({ status: 'fulfilled', value: expect.objectContaining({ sub: 'user-1' }) });
    expect(stillJunk.filter((answer) => answer.status === 'fulfilled')).toEqual([]);

    // one fetch for the first token, at most one per interval after it
    const elapsed = Date.now() - started;
    expect(jwksRequests - before).toBeGreaterThanOrEqual(2);
    expect(jwksRequests - before).toBeLessThanOrEqual(1 + Math.ceil(elapsed / refetchIntervalMs));
    expect(jwksRequests - before).toBeLessThanOrEqual(4);
  }, 20_000);

  it('answers a repeated unknown key id from the last fetch, fetching nothing', async () => {
    const fresh = new TokenVerifier({ jwksUri, issuer, audience, refetchIntervalMs: 1_000 });
    await fresh.verify(sign(claims));
    const [token] = junk(1);
    await expect(fresh.verify(token!)).rejects.toThrow(/signing key/);
    const before = jwksRequests;
    await expect(fresh.verify(token!)).rejects.toThrow(/signing key/);
    expect(jwksRequests).toBe(before);
  });
});

// Whom requireUser believes (issue 53): only the gateway's identity token, verified with the
// installation's public key: signature (ES256 of that key), issuer, audience (the service verifying),
// expiry, and a user in the contracts' shape. Identity headers alone, on loopback or not, are refused
// 401, and so is every token that is not exactly what the gateway signs for that service.
// identityHeadersOf passes the token on unchanged, to a service the token names too. The routes
// below are the order service's (/me, /admin, /on), the cart's and the user service's (/cart/me,
// /user/me) and an internal route of the catalog's.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { IDENTITY_HEADERS, IDENTITY_TOKEN, SERVICE_TOKEN, identityAudience, type IdentityClaims } from '@bazar/contracts';
import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { errorHandler } from './errors';
import { currentUser, identityHeadersOf, requireAdmin, requireService, requireUser, serviceCallHeaders } from './identity';
import {
  IdentitySigner,
  IdentityVerifier,
  ServiceTokenSigner,
  identitySigningKey,
  identityVerifyKey,
  verifyIdentityToken,
} from './identity-token';

const app = express();
app.get('/me', requireUser('order'), (req, res) => void res.json(currentUser(req)));
app.get('/admin', requireAdmin('order'), (_req, res) => void res.json({ ok: true }));
app.get('/on', requireUser('order'), (req, res) => void res.json(identityHeadersOf(currentUser(req))));
app.get('/cart/me', requireUser('cart'), (req, res) => void res.json(currentUser(req)));
app.get('/user/me', requireUser('user'), (req, res) => void res.json(currentUser(req)));
app.post('/internal/holds', requireService({ at: 'catalog', from: ['order'] }), (_req, res) => void res.json({ held: true }));
app.use(errorHandler);

const p256 = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const installation = p256();
const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');
const shopper: IdentityClaims = { sub: 'u-1', email: 'shopper@example.com', name: 'আমিনা', role: 'user', email_verified: true };
const admin: IdentityClaims = { ...shopper, role: 'admin' };
const signer = new IdentitySigner(installation.privateKey);
/** what the gateway names in a token for the order service: it, and the cart it reads for the user */
const ORDER = identityAudience('order');
const stated = (token: string) => ({ [IDENTITY_TOKEN.header]: token });
/** A token as the gateway signs one, with `options` changed (another key, lifetime, issuer...). */
const signed = (claims: object, options: jwt.SignOptions = {}, key: KeyObject | string = installation.privateKey) =>
  jwt.sign(
    claims,
    key,
    // an option given as undefined is left out (jsonwebtoken refuses it)
    Object.fromEntries(
      Object.entries({
        algorithm: 'ES256',
        issuer: IDENTITY_TOKEN.issuer,
        audience: ORDER,
        expiresIn: IDENTITY_TOKEN.lifetimeSeconds,
        ...options,
      }).filter(([, value]) => value !== undefined),
    ),
  );

// the service tokens' pair is another one: an identity key must not make a service token
const services = p256();
const saved = {
  key: process.env.BAZAR_IDENTITY_VERIFY_KEY,
  host: process.env.HOST,
  serviceKey: process.env.BAZAR_SERVICE_VERIFY_KEY,
  serviceSigning: process.env.BAZAR_SERVICE_SIGNING_KEY,
};
beforeEach(() => {
  process.env.BAZAR_IDENTITY_VERIFY_KEY = spki(installation.publicKey);
  process.env.BAZAR_SERVICE_VERIFY_KEY = spki(services.publicKey);
  process.env.BAZAR_SERVICE_SIGNING_KEY = services.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
});
afterEach(() => {
  for (const [name, value] of [
    ['BAZAR_IDENTITY_VERIFY_KEY', saved.key],
    ['HOST', saved.host],
    ['BAZAR_SERVICE_VERIFY_KEY', saved.serviceKey],
    ['BAZAR_SERVICE_SIGNING_KEY', saved.serviceSigning],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

const answerTo = async (path: string, headers: Record<string, string>) => {
  const answer = await request(app).get(path).set(headers);
  return { status: answer.status, body: answer.body as unknown };
};

describe('the gateway’s token', () => {
  it('states the user to the service', async () => {
    expect(await answerTo('/me', stated(signer.sign({ ...shopper, realm_roles: ['default-roles-bazar'] }, ORDER)))).toEqual({
      status: 200,
      body: expect.objectContaining({
        id: 'u-1',
        email: 'shopper@example.com',
        name: 'আমিনা',
        role: 'user',
        emailVerified: true,
        realmRoles: ['default-roles-bazar'],
      }),
    });
    expect((await answerTo('/admin', stated(signer.sign(admin, ORDER)))).status).toBe(200);
    expect(await answerTo('/admin', stated(signer.sign(shopper, ORDER)))).toEqual({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
  });

  it('is passed on unchanged to the next service, and believed there when the token names it', async () => {
    const token = signer.sign(shopper, ORDER);
    const passedOn = (await answerTo('/on', stated(token))).body as Record<string, string>;
    expect(passedOn).toEqual({ [IDENTITY_TOKEN.header]: token });
    expect((await answerTo('/cart/me', passedOn)).status).toBe(200);
    expect((await answerTo('/user/me', passedOn)).status).toBe(401);
  });

  it('is taken as PEM too', async () => {
    process.env.BAZAR_IDENTITY_VERIFY_KEY = installation.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect((await answerTo('/me', stated(signer.sign(shopper, ORDER)))).status).toBe(200);
  });
});

const forgedHeaders = { [IDENTITY_HEADERS.id]: 'x', [IDENTITY_HEADERS.email]: 'a@b.cd', [IDENTITY_HEADERS.role]: 'admin' };

describe('refused 401', () => {
  const fromGatewayOnly = { error: 'Who is signed in is taken from the gateway only', code: 'services-only' };
  const notValid = { error: 'The identity token is not valid', code: 'sign-in-again' };
  const elsewhere = { error: 'The identity token is meant for another service', code: 'sign-in-again' };

  it('a token the gateway signed for another service: one for the catalog at the user service', async () => {
    const forCatalog = stated(signer.sign(admin, 'catalog'));
    expect(await answerTo('/user/me', forCatalog)).toEqual({ status: 401, body: elsewhere });
    expect(await answerTo('/admin', forCatalog)).toEqual({ status: 401, body: elsewhere });
    expect(await answerTo('/user/me', stated(signer.sign(admin, 'user')))).toEqual({
      status: 200,
      body: expect.objectContaining({ id: 'u-1' }),
    });
    // the order service's token is the cart's too (it reads the shopper's cart), and nobody else's
    expect((await answerTo('/user/me', stated(signer.sign(shopper, ORDER)))).status).toBe(401);
    // the old audience every service shared is no service's
    expect(await answerTo('/me', stated(signed(shopper, { audience: 'bazar-services' })))).toEqual({ status: 401, body: elsewhere });
  });

  it.each([undefined, '127.0.0.1', '0.0.0.0'])('identity headers alone, on loopback or not (HOST %s)', async (host) => {
    if (host === undefined) delete process.env.HOST;
    else process.env.HOST = host;
    const headers = { [IDENTITY_HEADERS.id]: 'x', [IDENTITY_HEADERS.email]: 'a@b.cd', [IDENTITY_HEADERS.role]: 'admin' };
    expect(await answerTo('/me', headers)).toEqual({ status: 401, body: fromGatewayOnly });
    expect(await answerTo('/admin', headers)).toEqual({ status: 401, body: fromGatewayOnly });
  });

  it('nothing at all, or an empty token', async () => {
    expect(await answerTo('/me', {})).toEqual({ status: 401, body: { error: 'Sign in first', code: 'sign-in-first' } });
    expect(await answerTo('/me', stated(''))).toEqual({ status: 401, body: { error: 'Sign in first', code: 'sign-in-first' } });
  });

  it('headers beside a good token do not change who it states', async () => {
    const answer = await answerTo('/me', {
      ...stated(signer.sign(shopper, ORDER)),
      [IDENTITY_HEADERS.id]: 'other',
      [IDENTITY_HEADERS.role]: 'admin',
    });
    expect(answer.body).toEqual(expect.objectContaining({ id: 'u-1', role: 'user' }));
  });

  it('a service without the public key believes nobody', async () => {
    delete process.env.BAZAR_IDENTITY_VERIFY_KEY;
    expect(await answerTo('/me', stated(signer.sign(shopper, ORDER)))).toEqual({ status: 401, body: fromGatewayOnly });
  });

  it('a token signed with another key (another installation)', async () => {
    const other = new IdentitySigner(p256().privateKey);
    expect(await answerTo('/admin', stated(other.sign(admin, ORDER)))).toEqual({ status: 401, body: notValid });
  });

  it('an expired token, and one issued longer ago than a lifetime', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await answerTo('/me', stated(signed({ ...shopper, iat: now - 120, exp: now - 60 }, { expiresIn: undefined })))).toEqual({
      status: 401,
      body: { error: 'The identity token has expired', code: 'sign-in-again' },
    });
    // still "valid" by its exp, but minted for an hour: not the gateway's minute
    const long = signed({ ...shopper, iat: now - 300 }, { expiresIn: 3600 });
    expect(await answerTo('/me', stated(long))).toEqual({ status: 401, body: expect.objectContaining({ error: expect.any(String) }) });
    // without exp at all
    expect(await answerTo('/me', stated(signed(shopper, { expiresIn: undefined })))).toEqual({ status: 401, body: notValid });
  });

  it('a payload changed after signing (a user made admin), or a signature cut', async () => {
    const [header, , signature] = signer.sign(shopper, ORDER).split('.');
    const forged = Buffer.from(JSON.stringify({ ...shopper, role: 'admin', iss: IDENTITY_TOKEN.issuer, aud: ORDER })).toString('base64url');
    expect(await answerTo('/admin', stated(`${header}.${forged}.${signature}`))).toEqual({ status: 401, body: notValid });
    const token = signer.sign(shopper, ORDER);
    expect(await answerTo('/me', stated(token.slice(0, -4)))).toEqual({ status: 401, body: notValid });
    expect(await answerTo('/me', stated(`${token.split('.').slice(0, 2).join('.')}.`))).toEqual({ status: 401, body: notValid });
  });

  it('another algorithm: none, HS256 keyed with the public key, RS256', async () => {
    const unsigned = jwt.sign(admin, '', {
      algorithm: 'none',
      issuer: IDENTITY_TOKEN.issuer,
      audience: ORDER,
      expiresIn: 60,
    });
    expect(await answerTo('/admin', stated(unsigned))).toEqual({ status: 401, body: notValid });
    const confused = signed(admin, { algorithm: 'HS256' }, spki(installation.publicKey));
    expect(await answerTo('/admin', stated(confused))).toEqual({ status: 401, body: notValid });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(await answerTo('/admin', stated(signed(admin, { algorithm: 'RS256' }, rsa.privateKey)))).toEqual({
      status: 401,
      body: notValid,
    });
  });

  it('another issuer or audience (a Keycloak token, say)', async () => {
    expect(await answerTo('/me', stated(signed(shopper, { issuer: 'http://localhost:8080/auth/realms/bazar' })))).toEqual({
      status: 401,
      body: notValid,
    });
    expect(await answerTo('/me', stated(signed(shopper, { audience: 'bazar-api' })))).toEqual({ status: 401, body: elsewhere });
  });

  it('a good signature over no user', async () => {
    expect(await answerTo('/me', stated(signed({ sub: 'u-1', role: 'admin', email_verified: true })))).toEqual({
      status: 401,
      body: { error: 'The identity token does not state a user', code: 'sign-in-again' },
    });
    expect(await answerTo('/me', stated(signed({ ...shopper, role: 'root' })))).toEqual({
      status: 401,
      body: { error: 'The identity token does not state a user', code: 'sign-in-again' },
    });
  });
});

describe('keys and the signer', () => {
  it('reads keys as base64 DER or PEM, and refuses a public key to sign with', () => {
    const der = installation.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const pem = installation.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const text of [der, pem]) {
      const token = new IdentitySigner(identitySigningKey(text), 0).sign(shopper, ORDER);
      expect(verifyIdentityToken(token, identityVerifyKey(spki(installation.publicKey)), 'order')).toEqual(
        expect.objectContaining({ sub: 'u-1' }),
      );
    }
    expect(() => new IdentitySigner(installation.publicKey)).toThrow(/private key/);
  });

  it('hands one user the same token for half its lifetime, then a new one that verifies', () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const gateway = new IdentitySigner(installation.privateKey);
      const token = gateway.sign(shopper, ORDER);
      jest.setSystemTime(Date.now() + (IDENTITY_TOKEN.lifetimeSeconds / 2) * 1000 - 1_000);
      expect(gateway.sign(shopper, ORDER)).toBe(token);
      // the last moment it is handed out, it still has half a minute to live
      expect(verifyIdentityToken(token, installation.publicKey, 'order').sub).toBe('u-1');
      jest.setSystemTime(Date.now() + 2_000);
      const next = gateway.sign(shopper, ORDER);
      expect(next).not.toBe(token);
      expect(verifyIdentityToken(next, installation.publicKey, 'order').sub).toBe('u-1');
    } finally {
      jest.useRealTimers();
    }
  });

  it('signs once per user for a while, and afresh for another user or role', () => {
    const token = signer.sign(shopper, ORDER);
    expect(signer.sign(shopper, ORDER)).toBe(token);
    expect(signer.sign(admin, ORDER)).not.toBe(token);
    expect(signer.sign(shopper, 'catalog')).not.toBe(token);
    expect(new IdentitySigner(installation.privateKey, 0).sign(shopper, ORDER)).not.toBe(token);
  });

  it('remembers a verified token only until it expires, and never a refused one', () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const verifier = new IdentityVerifier(installation.publicKey, 'order');
      const token = new IdentitySigner(installation.privateKey, 0).sign(shopper, ORDER);
      expect(verifier.verify(token).sub).toBe('u-1');
      expect(() => verifier.verify(`${token.slice(0, -2)}AA`)).toThrow('The identity token is not valid');
      jest.setSystemTime(Date.now() + 30_000);
      expect(verifier.verify(token).sub).toBe('u-1');
      jest.setSystemTime(Date.now() + (IDENTITY_TOKEN.lifetimeSeconds + IDENTITY_TOKEN.clockToleranceSeconds) * 1000);
      expect(() => verifier.verify(token)).toThrow('The identity token has expired');
      expect(() => verifier.verify(token)).toThrow('The identity token has expired');
    } finally {
      jest.useRealTimers();
    }
  });

  it('states a minute, for the gateway, to the services', () => {
    const claims = jwt.decode(new IdentitySigner(installation.privateKey, 0).sign(shopper, ORDER)) as jwt.JwtPayload;
    expect(claims).toEqual(expect.objectContaining({ iss: IDENTITY_TOKEN.issuer, aud: ORDER }));
    expect(claims.exp! - claims.iat!).toBe(IDENTITY_TOKEN.lifetimeSeconds);
    expect(jwt.decode(signer.sign(shopper, ORDER), { complete: true })?.header.alg).toBe('ES256');
  });
});

describe('internal routes, which carry no user', () => {
  const hold = async (headers: Record<string, string>) => {
    const answer = await request(app).post('/internal/holds').set(headers);
    return { status: answer.status, body: answer.body as unknown };
  };
  const onlyServices = { error: "Only the store's own services may call this", code: 'services-only' };

  it('answer the service they name, by its token', async () => {
    expect(await hold(serviceCallHeaders('order', 'catalog'))).toEqual({ status: 200, body: { held: true } });
    expect(await hold(serviceCallHeaders('order', 'catalog'))).toEqual({ status: 200, body: { held: true } });
  });

  it('refuse a token meant for another service: 401', async () => {
    const forCart = serviceCallHeaders('order', 'cart');
    expect(await hold(forCart)).toEqual({
      status: 401,
      body: { error: 'The service token is meant for another service', code: 'services-only' },
    });
  });

  it('refuse another service: 403', async () => {
    expect(await hold(serviceCallHeaders('gateway', 'catalog'))).toEqual({
      status: 403,
      body: { error: 'The gateway service may not call this', code: 'services-only' },
    });
  });

  it('refuse no token, a user’s identity token or headers, another key, and a service token expired: 401', async () => {
    expect(await hold({})).toEqual({ status: 401, body: onlyServices });
    expect(await hold(forgedHeaders)).toEqual({ status: 401, body: onlyServices });
    expect(await hold({ [SERVICE_TOKEN.header]: signer.sign(admin, ORDER) })).toEqual({
      status: 401,
      body: { error: 'The service token is not valid', code: 'services-only' },
    });
    const elsewhere = new ServiceTokenSigner(p256().privateKey, 'order').headers('catalog');
    expect(await hold(elsewhere)).toEqual({ status: 401, body: { error: 'The service token is not valid', code: 'services-only' } });
    const now = Math.floor(Date.now() / 1000);
    const lapsed = jwt.sign({ sub: 'order', iat: now - 120, exp: now - 60 }, services.privateKey, {
      algorithm: 'ES256',
      issuer: SERVICE_TOKEN.issuer,
      audience: 'catalog',
    });
    expect(await hold({ [SERVICE_TOKEN.header]: lapsed })).toEqual({
      status: 401,
      body: { error: 'The service token has expired', code: 'services-only' },
    });
    delete process.env.BAZAR_SERVICE_VERIFY_KEY;
    expect(await hold(serviceCallHeaders('order', 'catalog'))).toEqual({ status: 401, body: onlyServices });
  });

  it('a service token is no identity, and a caller without the service key cannot call', async () => {
    expect(
      (
        await request(app)
          .get('/me')
          .set({ [IDENTITY_TOKEN.header]: serviceCallHeaders('order', 'catalog')[SERVICE_TOKEN.header]! })
      ).status,
    ).toBe(401);
    delete process.env.BAZAR_SERVICE_SIGNING_KEY;
    expect(serviceCallHeaders('order', 'catalog')).toEqual({});
    expect(await hold(serviceCallHeaders('order', 'catalog'))).toEqual({ status: 401, body: onlyServices });
  });
});

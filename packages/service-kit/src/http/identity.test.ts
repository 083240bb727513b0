// Whom requireUser believes (issue 18): with BAZAR_GATEWAY_SECRET set, identity headers count only
// beside that secret; without it, only while the service listens on loopback. identityHeadersOf
// passes the secret on to the next service.
import { IDENTITY_HEADERS } from '@bazar/contracts';
import express from 'express';
import request from 'supertest';
import { errorHandler } from './errors';
import { GATEWAY_SECRET_HEADER, currentUser, identityHeadersOf, requireAdmin, requireUser } from './identity';

const app = express();
app.get('/me', requireUser, (req, res) => void res.json(currentUser(req)));
app.get('/admin', requireAdmin, (_req, res) => void res.json({ ok: true }));
app.use(errorHandler);

const shopper = { [IDENTITY_HEADERS.id]: 'u-1', [IDENTITY_HEADERS.email]: 'shopper@example.com', [IDENTITY_HEADERS.role]: 'user' };
const admin = { ...shopper, [IDENTITY_HEADERS.role]: 'admin' };
const secret = 'a-secret-of-this-installation-0123456789';
const fromGatewayOnly = { error: 'Who is signed in is taken from the gateway only' };

const saved = { secret: process.env.BAZAR_GATEWAY_SECRET, host: process.env.HOST };
const settings = (env: { secret?: string; host?: string }) => {
  if (env.secret === undefined) delete process.env.BAZAR_GATEWAY_SECRET;
  else process.env.BAZAR_GATEWAY_SECRET = env.secret;
  if (env.host === undefined) delete process.env.HOST;
  else process.env.HOST = env.host;
};
afterEach(() => settings(saved));

describe('with the gateway secret set', () => {
  beforeEach(() => settings({ secret, host: '0.0.0.0' }));

  it.each([
    ['no secret', {}],
    ['a wrong secret', { [GATEWAY_SECRET_HEADER]: 'guessed' }],
    ['the secret with a character more', { [GATEWAY_SECRET_HEADER]: `${secret}x` }],
    ['an empty secret', { [GATEWAY_SECRET_HEADER]: '' }],
  ])('refuses identity headers with %s: 401', async (_what, extra) => {
    for (const [path, identity] of [
      ['/me', shopper],
      ['/admin', admin],
    ] as const) {
      const answer = await request(app)
        .get(path)
        .set({ ...identity, ...extra });
      expect({ path, status: answer.status, body: answer.body as unknown }).toEqual({ path, status: 401, body: fromGatewayOnly });
    }
  });

  it('believes them beside the secret', async () => {
    const answer = await request(app)
      .get('/me')
      .set({ ...shopper, [GATEWAY_SECRET_HEADER]: secret });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(expect.objectContaining({ id: 'u-1', email: 'shopper@example.com', role: 'user' }));
    expect(
      (
        await request(app)
          .get('/admin')
          .set({ ...admin, [GATEWAY_SECRET_HEADER]: secret })
      ).status,
    ).toBe(200);
  });

  it('passes the secret on with the user to the next service', async () => {
    const headers = identityHeadersOf({ id: 'u-1', email: 'shopper@example.com', name: 'A Shopper', role: 'user', emailVerified: true });
    expect(headers[GATEWAY_SECRET_HEADER]).toBe(secret);
    expect((await request(app).get('/me').set(headers)).status).toBe(200);
  });

  it('still asks for the identity itself first', async () => {
    const answer = await request(app)
      .get('/me')
      .set({ [GATEWAY_SECRET_HEADER]: secret });
    expect({ status: answer.status, body: answer.body as unknown }).toEqual({ status: 401, body: { error: 'Sign in first' } });
  });
});

describe('without a gateway secret', () => {
  it.each([undefined, '127.0.0.1', '::1', 'localhost'])('believes the identity headers on loopback (HOST %s)', async (host) => {
    settings({ host });
    expect((await request(app).get('/me').set(shopper)).status).toBe(200);
    expect(identityHeadersOf({ id: 'u-1', email: 'shopper@example.com', name: '', role: 'user', emailVerified: true })).not.toHaveProperty(
      GATEWAY_SECRET_HEADER,
    );
  });

  it.each(['0.0.0.0', '10.0.0.5', '::'])('believes nobody when listening beyond loopback (HOST %s)', async (host) => {
    settings({ host });
    const answer = await request(app).get('/me').set(shopper);
    expect({ status: answer.status, body: answer.body as unknown }).toEqual({ status: 401, body: fromGatewayOnly });
  });
});

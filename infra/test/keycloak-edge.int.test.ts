// Keycloak at the store's public address (nginx, infra/nginx/bazar.conf.template): a browser gets what it needs
// of realm bazar, and nothing of Keycloak's admin surface, the master realm or any other realm answers
// (issue 18: with the admin API public, a leaked client secret made anyone admin). Requests are sent
// byte for byte (rawWebRequest), so `..` and encoded slashes reach nginx as written.
import { randomBytes } from 'node:crypto';
import {
  ACCOUNTS,
  createAccount,
  keycloakAdmin,
  rawWebRequest,
  serviceAccountToken,
  stackEnv,
  storefrontSignInPath,
  type RawWebAnswer,
} from '@bazar/testing';

/** nginx's own refusal: 404 with its short text, never Keycloak's page. */
const refusedByNginx = (answer: RawWebAnswer) => answer.status === 404 && answer.body === 'Not found\n';

const oidc = '/auth/realms/bazar/protocol/openid-connect';
const authorize = storefrontSignInPath('auth');

describe('what a browser needs of realm bazar passes through nginx', () => {
  it.each([
    ['GET', '/auth/realms/bazar/.well-known/openid-configuration', 200],
    ['GET', `${oidc}/certs`, 200],
    ['GET', authorize, 200],
    ['POST', `${oidc}/token`, 400],
    ['GET', `${oidc}/userinfo`, 401],
    ['GET', `${oidc}/logout`, 200],
    ['GET', `${oidc}/login-status-iframe.html`, 200],
    ['GET', `${oidc}/3p-cookies/step1.html`, 200],
    [
      'GET',
      `${oidc}/registrations?client_id=storefront&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${stackEnv.webUrl}/`)}`,
      302,
    ],
  ])('%s %s answers %i from Keycloak', async (method, path, status) => {
    const answer = await rawWebRequest(path, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      body: method === 'POST' ? '' : undefined,
    });
    expect({ path, status: answer.status }).toEqual({ path, status });
  });

  it('the login page, its form action and its theme resources', async () => {
    const page = await rawWebRequest(authorize);
    expect(page.status).toBe(200);
    const action = /<form[^>]*action="([^"]*login-actions\/authenticate[^"]*)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toMatch(/^http:\/\/localhost:8080\/auth\/realms\/bazar\/login-actions\/authenticate\?/);
    const resources = [...page.body.matchAll(/(?:href|src)="(\/auth\/resources\/[^"]+)"/g)].map((match) => match[1]!);
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources)
      expect({ resource, status: (await rawWebRequest(resource)).status }).toEqual({ resource, status: 200 });
    for (const path of ['/auth/realms/bazar/login-actions/registration', '/auth/realms/bazar/login-actions/reset-credentials']) {
      const answer = await rawWebRequest(path);
      expect({ path, fromKeycloak: !refusedByNginx(answer) && answer.status < 500 }).toEqual({ path, fromKeycloak: true });
    }
  });

  it('a shopper signs in entirely through the public address (code flow with PKCE)', async () => {
    const { email, password } = await createAccount('edge');
    const verifier = randomBytes(32).toString('base64url');
    const start = await rawWebRequest(storefrontSignInPath('auth', verifier));
    const cookies = (start.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
    const action = new URL(/<form[^>]*action="([^"]*)"/.exec(start.body)![1]!.replaceAll('&amp;', '&'));
    expect(action.origin).toBe(stackEnv.webUrl);
    const submitted = await rawWebRequest(`${action.pathname}${action.search}`, {
      method: 'POST',
      headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password, credentialId: '' }).toString(),
    });
    expect(submitted.status).toBe(302);
    const code = new URL(submitted.headers.location ?? 'about:blank').searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await rawWebRequest(`${oidc}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'storefront',
        code: code!,
        redirect_uri: `${stackEnv.webUrl}/`,
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.status).toBe(200);
    expect(JSON.parse(token.body)).toEqual(expect.objectContaining({ access_token: expect.any(String) }));
  });
});

describe("Keycloak's admin surface, the master realm and other realms answer 404 from nginx", () => {
  it.each([
    '/auth/',
    '/auth/admin/',
    '/auth/admin/master/console/',
    '/auth/admin/bazar/console/',
    '/auth/admin/realms/bazar/users',
    '/auth/admin/realms/bazar/clients',
    '/auth/admin/serverinfo',
    '/auth/realms/master/',
    '/auth/realms/master/.well-known/openid-configuration',
    '/auth/realms/master/protocol/openid-connect/auth?client_id=security-admin-console',
    '/auth/realms/master/account/',
    '/auth/realms/other/.well-known/openid-configuration',
    '/auth/realms/bazar',
    '/auth/realms/bazar/account/',
    '/auth/realms/bazar/clients-registrations/openid-connect',
    `${oidc}/token/introspect`,
    '/auth/js/keycloak.js',
    '/auth/welcome',
    '/auth/health',
    '/auth/metrics',
    // other spellings of the same paths
    '/auth//admin/realms/bazar/users',
    '/auth/realms/bazar/login-actions/../../master/.well-known/openid-configuration',
    '/auth/realms/bazar/login-actions/..%2F..%2F..%2Fadmin%2Frealms%2Fbazar%2Fusers',
    '/auth/resources/%2E%2E/admin/realms/bazar/users',
    '/auth/realms/bazar/broker/../../master/',
  ])('GET %s', async (path) => {
    const answer = await rawWebRequest(path);
    expect({ path, refused: refusedByNginx(answer) }).toEqual({ path, refused: true });
  });

  it('refuses the admin API even with a token that may use it, which still works on the internal address', async () => {
    const token = await serviceAccountToken();
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const answer = await rawWebRequest('/auth/admin/realms/bazar/users', {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ username: 'intruder@example.com' }),
      });
      expect({ method, refused: refusedByNginx(answer) }).toEqual({ method, refused: true });
    }
    const internal = await keycloakAdmin('GET', `/users?${new URLSearchParams({ email: ACCOUNTS.admin.email, exact: 'true' })}`);
    expect(internal.status).toBe(200);
  });

  it("refuses a token from the master realm's endpoint (admin-cli with the bootstrap admin)", async () => {
    const answer = await rawWebRequest('/auth/realms/master/protocol/openid-connect/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: 'admin', password: 'guess' }).toString(),
    });
    expect(refusedByNginx(answer)).toBe(true);
  });
});

import { createAccount, serviceAccountToken, signIn, stackEnv } from '@bazar/testing';
import { HOST, PORTS } from '../stack/ports.ts';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

const adminCall = async (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${stackEnv.keycloakUrl}/admin/realms/bazar${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await serviceAccountToken()}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function admin<T>(path: string): Promise<T> {
  const response = await adminCall(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

interface KeycloakUser {
  id: string;
  email: string;
  username: string;
  attributes?: Record<string, string[]>;
}

describe('the bazar realm imported into the real Keycloak', () => {
  it('is reachable through nginx under /auth with the public issuer', async () => {
    const response = await fetch(`${stackEnv.webUrl}/auth/realms/bazar/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const config = (await response.json()) as { issuer: string; code_challenge_methods_supported: string[] };
    expect(config.issuer).toBe('http://localhost:8080/auth/realms/bazar');
    expect(config.code_challenge_methods_supported).toContain('S256');
  });

  it('issues RS256 tokens for the bazar-api audience with the public issuer', async () => {
    const token = await serviceAccountToken();
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as {
      alg: string;
    };
    const claims = decode(token);
    expect(header.alg).toBe('RS256');
    expect(claims.iss).toBe('http://localhost:8080/auth/realms/bazar');
    expect([claims.aud].flat()).toContain('bazar-api');
  });

  it('has the password policy and the admin role', async () => {
    const realm = await admin<{ passwordPolicy: string; registrationAllowed: boolean; rememberMe: boolean }>('');
    expect(realm.passwordPolicy).toBe('length(6)');
    expect(realm.registrationAllowed).toBe(true);
    expect(realm.rememberMe).toBe(true);

    const role = await admin<{ name: string }>('/roles/admin');
    expect(role.name).toBe('admin');
  });

  it('lets shoppers reset their password, by mail sent to the mail sink of the stack', async () => {
    const realm = await admin<{ resetPasswordAllowed: boolean; smtpServer: Record<string, string> }>('');
    expect(realm.resetPasswordAllowed).toBe(true);
    expect(realm.smtpServer).toEqual(
      expect.objectContaining({ host: HOST, port: String(PORTS.mailSmtp), from: 'no-reply@bazar.test', fromDisplayName: 'Bazar' }),
    );
  });

  it('lets the public storefront client in only by the code flow, with PKCE, to the store', async () => {
    const authorize = (redirectUri: string) =>
      fetch(
        `${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/auth?` +
          new URLSearchParams({
            client_id: 'storefront',
            response_type: 'code',
            scope: 'openid',
            redirect_uri: redirectUri,
            code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            code_challenge_method: 'S256',
          }),
      );
    const toStore = await authorize('http://localhost:8080/');
    expect(toStore.status).toBe(200);
    expect(await toStore.text()).toContain('kc-form-login');
    const elsewhere = await authorize('http://evil.example/');
    expect(await elsewhere.text()).toContain('Invalid parameter: redirect_uri');

    const passwordGrant = await fetch(`${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'shopper@bazar.test',
        password: 'shopper123',
      }),
    });
    expect(passwordGrant.status).toBe(400);
    expect(((await passwordGrant.json()) as { error: string }).error).toBe('unauthorized_client');
  });

  // No client of the realm takes a password: its own, and the ones Keycloak makes in every realm
  // (admin-cli among them, which takes passwords unless disabled). The service account may not list
  // clients, so they are named here.
  it.each([
    'storefront',
    'bazar-user-service',
    'admin-cli',
    'account',
    'account-console',
    'security-admin-console',
    'broker',
    'realm-management',
  ])('takes no password through %s', async (client) => {
    const passwordGrant = await fetch(`${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', client_id: client, username: 'shopper@bazar.test', password: 'shopper123' }),
    });
    const refused = passwordGrant.status >= 400 && passwordGrant.status < 500;
    expect({ client, refused, token: 'access_token' in ((await passwordGrant.json()) as object) }).toEqual({
      client,
      refused: true,
      token: false,
    });
  });

  it('has the seeded admin holding the admin role and the seeded shopper without it', async () => {
    const [adminUser] = await admin<Array<{ id: string }>>('/users?email=admin@bazar.test&exact=true');
    const [shopper] = await admin<Array<{ id: string }>>('/users?email=shopper@bazar.test&exact=true');
    const rolesOf = async (id: string) => (await admin<Array<{ name: string }>>(`/users/${id}/role-mappings/realm`)).map((r) => r.name);
    expect(await rolesOf(adminUser!.id)).toContain('admin');
    expect(await rolesOf(shopper!.id)).not.toContain('admin');
  });

  it("holds an email someone chooses to the store's rule (WHATWG's), and leaves an account's existing email be", async () => {
    const malformed = `karim.uddin${Date.now()}@mail..com`;
    const created = await adminCall('/users', {
      method: 'POST',
      body: { username: malformed, email: malformed, enabled: true, attributes: { fullName: ['Karim Uddin'] } },
    });
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual(expect.objectContaining({ field: 'email', errorMessage: 'bazarInvalidEmailMessage' }));
    expect(await admin<unknown[]>(`/users?email=${encodeURIComponent(malformed)}&exact=true`)).toEqual([]);

    // Changing the seeded shopper's name leaves their address be.
    const [shopper] = await admin<KeycloakUser[]>('/users?email=shopper@bazar.test&exact=true');
    const renamed = { ...shopper!, attributes: { ...shopper!.attributes, fullName: ['Rahima Begum Khan'] } };
    expect((await adminCall(`/users/${shopper!.id}`, { method: 'PUT', body: renamed })).status).toBe(204);
    expect((await admin<KeycloakUser>(`/users/${shopper!.id}`)).attributes?.fullName).toEqual(['Rahima Begum Khan']);
    expect((await adminCall(`/users/${shopper!.id}`, { method: 'PUT', body: shopper })).status).toBe(204);

    // ...but a new address for it is held to the pattern.
    const moved = { ...shopper!, email: `rahima.begum${Date.now()}@mail..com` };
    expect((await adminCall(`/users/${shopper!.id}`, { method: 'PUT', body: moved })).status).toBe(400);
  });

  it('lets one user sign in several times at once (two tabs, two devices) without locking the account', async () => {
    const someone = await createAccount('concurrent');
    const tokens = await Promise.all(Array.from({ length: 4 }, () => signIn(someone.email, someone.password)));
    expect(tokens.map((token) => decode(token).email)).toEqual(Array(4).fill(someone.email));
    expect(decode(await signIn(someone.email, someone.password)).email).toBe(someone.email);
  });
});

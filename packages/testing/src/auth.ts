import { createHash, randomBytes } from 'node:crypto';
import { stackEnv } from './stack';

const realmUrl = () => `${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect`;

/** The path of Keycloak's sign-in (`auth`) or sign-up (`registrations`) page at the store's public
 *  address, as the storefront opens it: the code flow with PKCE for `verifier`. */
export const storefrontSignInPath = (page: 'auth' | 'registrations', verifier = randomBytes(32).toString('base64url')) =>
  `/auth/realms/bazar/protocol/openid-connect/${page}?${new URLSearchParams({
    client_id: 'storefront',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${stackEnv.webUrl}/`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;

/** An access token of the user service's confidential client (client credentials grant). */
export async function serviceAccountToken(): Promise<string> {
  const response = await fetch(`${realmUrl()}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'bazar-user-service',
      client_secret: stackEnv.userServiceClientSecret,
    }),
  });
  if (!response.ok) throw new Error(`Keycloak refused the client credentials: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A tiny cookie jar: Keycloak's login form only works with the cookies of the page that showed it. */
class Cookies {
  private readonly jar = new Map<string, string>();
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.jar.set(name.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const decodeHtml = (text: string) => text.replaceAll('&amp;', '&');

/** The tokens of a storefront sign-in. */
export interface StorefrontTokens {
  accessToken: string;
  refreshToken: string;
}

/** An account signed in for a test that shops for minutes: its token is renewed before it runs out
 *  (storefront tokens live a minute), by signing in again. */
export class SignedInAccount {
  private token = '';
  private signedInAt = 0;
  constructor(
    readonly email: string,
    private readonly password: string,
  ) {}

  async freshToken(): Promise<string> {
    if (Date.now() - this.signedInAt > 40_000) {
      this.token = await signIn(this.email, this.password);
      this.signedInAt = Date.now();
    }
    return this.token;
  }
}

/**
 * Signs a user in the way the storefront does (Authorization Code + PKCE on the public `storefront`
 * client), by submitting Keycloak's real login form over HTTP, and returns the access token. Tests use
 * it to act as a shopper or admin without a password grant, which the realm does not allow.
 */
export async function signIn(email: string, password: string): Promise<string> {
  return (await signInForTokens(email, password)).accessToken;
}

/** `signIn`, with the refresh token too (see `refreshSignIn`). */
export async function signInForTokens(email: string, password: string): Promise<StorefrontTokens> {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${stackEnv.webUrl}/`;
  const cookies = new Cookies();
  const loginPage = await fetch(
    `${realmUrl()}/auth?${new URLSearchParams({
      client_id: 'storefront',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })}`,
  );
  cookies.take(loginPage);
  const action = /<form[^>]*action="([^"]*login-actions\/authenticate[^"]*)"/.exec(await loginPage.text())?.[1];
  if (!action) throw new Error('Keycloak did not show its login form');
  // The form posts to the public URL (through nginx); tests talk to Keycloak directly.
  const formUrl = decodeHtml(action).replace(/^https?:\/\/[^/]+\/auth/, stackEnv.keycloakUrl);
  const submitted = await fetch(formUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password, credentialId: '' }),
  });
  const code = new URL(submitted.headers.get('location') ?? 'about:blank').searchParams.get('code');
  if (!code) throw new Error(`Keycloak did not sign ${email} in (status ${submitted.status})`);
  const token = await fetch(`${realmUrl()}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'storefront',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!token.ok) throw new Error(`Keycloak refused the code exchange: ${token.status}`);
  return tokensOf(await token.json());
}

const tokensOf = (answer: unknown): StorefrontTokens => {
  const { access_token, refresh_token } = answer as { access_token: string; refresh_token: string };
  return { accessToken: access_token, refreshToken: refresh_token };
};

/** New tokens for a signed-in session, as keycloak-js gets them before the access token runs out:
 *  no password is checked again, so Keycloak does no password hashing for it. */
export async function refreshSignIn(refreshToken: string): Promise<StorefrontTokens> {
  const token = await fetch(`${realmUrl()}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'storefront', refresh_token: refreshToken }),
  });
  if (!token.ok) throw new Error(`Keycloak refused the token refresh: ${token.status}`);
  return tokensOf(await token.json());
}

/** The seeded accounts of the realm import (local use only). */
export const ACCOUNTS = {
  admin: { email: process.env.BAZAR_ADMIN_EMAIL ?? 'admin@bazar.test', password: process.env.BAZAR_ADMIN_PASSWORD ?? 'admin123' },
  shopper: { email: process.env.BAZAR_SHOPPER_EMAIL ?? 'shopper@bazar.test', password: process.env.BAZAR_SHOPPER_PASSWORD ?? 'shopper123' },
};

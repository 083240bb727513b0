import Keycloak from 'keycloak-js';
import { provideAccessToken, signedIn, signedOut, type Shopper } from '@bazar/web-kit';
import { shellApi } from '../api';
import type { StorefrontStore } from '../store';

const keycloak = new Keycloak({
  url: `${window.location.origin}/auth`,
  realm: 'bazar',
  clientId: 'storefront',
});

const silentCheckSso = new URL('../../public/silent-check-sso.html', import.meta.url);

/** A token this close to expiry is refreshed before it is sent. */
const MIN_VALIDITY_SECONDS = 30;

/**
 * Resolves whether the visitor is signed in (through Keycloak's SSO cookie, without leaving the
 * page) and keeps the tokens fresh. Tokens stay inside keycloak-js, in memory.
 */
export async function startSession(store: StorefrontStore): Promise<void> {
  const endSession = () => store.dispatch(signedOut());
  keycloak.onTokenExpired = () => void keycloak.updateToken(MIN_VALIDITY_SECONDS).catch(endSession);
  keycloak.onAuthLogout = endSession;
  provideAccessToken(async () => {
    if (!keycloak.authenticated) return undefined;
    try {
      await keycloak.updateToken(MIN_VALIDITY_SECONDS);
      return keycloak.token;
    } catch {
      endSession();
      return undefined;
    }
  });

  try {
    const authenticated = await keycloak.init({
      onLoad: 'check-sso',
      pkceMethod: 'S256',
      silentCheckSsoRedirectUri: silentCheckSso.href,
      // The session's end is noticed at the next token refresh; no polling iframe needed.
      checkLoginIframe: false,
    });
    const shopper = authenticated ? shopperFromToken() : undefined;
    if (!shopper) return void endSession();
    store.dispatch(signedIn(shopper));
    void store.dispatch(shellApi.endpoints.syncUser.initiate(shopper));
  } catch (error) {
    console.error('Sign-in could not be checked; continuing signed out', error);
    endSession();
  }
}

function shopperFromToken(): Shopper | undefined {
  const claims = keycloak.tokenParsed as { email?: string; name?: string; preferred_username?: string } | undefined;
  if (!claims?.email) return undefined;
  return { email: claims.email, name: claims.name ?? claims.preferred_username ?? claims.email };
}

/** Leaves for Keycloak's login or registration page; Keycloak sends the shopper back to `returnTo`. */
export async function signIn(action: 'login' | 'register', returnTo: string): Promise<void> {
  const redirectUri = new URL(returnTo, window.location.origin).href;
  const url = action === 'register' ? await keycloak.createRegisterUrl({ redirectUri }) : await keycloak.createLoginUrl({ redirectUri });
  // Replacing keeps /login out of the history, so Back does not bounce into sign-in again.
  window.location.replace(url);
}

export function signOut(): Promise<void> {
  return keycloak.logout({ redirectUri: `${window.location.origin}/` });
}

import type Keycloak from 'keycloak-js';
import { currentLanguage } from '@bazar/web-kit/i18n';
import { provideAccessToken, signedIn, signedOut, type Shopper, type StorefrontStore } from '@bazar/web-kit';

const silentCheckSso = new URL('../../public/silent-check-sso.html', import.meta.url);

/** A token this close to expiry is refreshed before it is sent. */
const MIN_VALIDITY_SECONDS = 30;

let keycloakLoaded: Promise<Keycloak> | undefined;

/** keycloak-js is fetched beside the first render, not before it: the session shows as resolving
 *  until Keycloak has answered either way. A failed fetch is forgotten, so sign-in can retry it. */
function keycloak(): Promise<Keycloak> {
  keycloakLoaded ??= import('keycloak-js').then(
    ({ default: Keycloak }) => new Keycloak({ url: `${window.location.origin}/auth`, realm: 'bazar', clientId: 'storefront' }),
    (error: unknown) => {
      keycloakLoaded = undefined;
      throw error;
    },
  );
  return keycloakLoaded;
}

/**
 * Resolves whether the visitor is signed in (through Keycloak's SSO cookie, without leaving the
 * page) and keeps the tokens fresh. Tokens stay inside keycloak-js, in memory.
 */
export async function startSession(store: StorefrontStore): Promise<void> {
  const endSession = () => store.dispatch(signedOut());
  try {
    const client = await keycloak();
    client.onTokenExpired = () => void client.updateToken(MIN_VALIDITY_SECONDS).catch(endSession);
    client.onAuthLogout = endSession;
    provideAccessToken(async () => {
      if (!client.authenticated) return undefined;
      try {
        await client.updateToken(MIN_VALIDITY_SECONDS);
        return client.token;
      } catch {
        endSession();
        return undefined;
      }
    });

    const authenticated = await client.init({
      onLoad: 'check-sso',
      pkceMethod: 'S256',
      silentCheckSsoRedirectUri: silentCheckSso.href,
      // The session's end is noticed at the next token refresh; no polling iframe needed.
      checkLoginIframe: false,
    });
    const shopper = authenticated ? shopperFromToken(client) : undefined;
    if (!shopper) return void endSession();
    store.dispatch(signedIn(shopper));
    // with the storefront api, which loads beside the first render
    void import('./accountLanguage').then(({ syncSignedIn }) => syncSignedIn(store, shopper));
  } catch (error) {
    console.error('Sign-in could not be checked; continuing signed out', error);
    endSession();
  }
}

function shopperFromToken(client: Keycloak): Shopper | undefined {
  const claims = client.tokenParsed as { email?: string; name?: string; preferred_username?: string } | undefined;
  if (!claims?.email) return undefined;
  return { email: claims.email, name: claims.name ?? claims.preferred_username ?? claims.email };
}

/** Leaves for Keycloak's login or registration page; Keycloak sends the shopper back to `returnTo`. */
export async function signIn(action: 'login' | 'register', returnTo: string): Promise<void> {
  const client = await keycloak();
  const redirectUri = new URL(returnTo, window.location.origin).href;
  // Keycloak's pages (ui_locales) show in the shopper's language.
  const options = { redirectUri, locale: currentLanguage() };
  const url = action === 'register' ? await client.createRegisterUrl(options) : await client.createLoginUrl(options);
  // Replacing keeps /login out of the history, so Back does not bounce into sign-in again.
  window.location.replace(url);
}

export async function signOut(): Promise<void> {
  return (await keycloak()).logout({ redirectUri: `${window.location.origin}/` });
}

// What drives keycloak-js, fetched with it beside the first render (keycloak.ts loads both).
import Keycloak, { type KeycloakInitOptions } from 'keycloak-js';
import { currentLanguage } from '@bazar/web-kit/i18n';
import { provideAccessToken, signedIn, signedOut, type Shopper, type StorefrontStore } from '@bazar/web-kit';
import { forgetSignedInHere, rememberSignedInHere } from './signedInHere';
import { rememberReturn, SIGNED_IN_PATH } from './returnPath';

const silentCheckSso = new URL('../../public/silent-check-sso.html', import.meta.url);

/** A token this close to expiry is refreshed before it is sent. */
const MIN_VALIDITY_SECONDS = 30;

let client: Keycloak | undefined;

function keycloak(): Keycloak {
  client ??= new Keycloak({ url: `${window.location.origin}/auth`, realm: 'bazar', clientId: 'storefront' });
  return client;
}

let initialized: Promise<boolean> | undefined;

/** keycloak-js set up, once: looking for the visitor's session when the page does (startSession),
 *  else without looking, for a sign-in from a page that did not look (keycloak.ts). Answers whether
 *  a session was found. */
function ready(look: KeycloakInitOptions = {}): Promise<boolean> {
  // The session's end is noticed at the next token refresh; no polling iframe needed.
  initialized ??= keycloak().init({ pkceMethod: 'S256', checkLoginIframe: false, ...look });
  return initialized;
}

/** keycloak.ts's startSession, which reports a failure here as signed out. */
export async function startSession(store: StorefrontStore): Promise<void> {
  const endSession = () => {
    forgetSignedInHere();
    store.dispatch(signedOut());
  };
  const client = keycloak();
  client.onTokenExpired = () => void client.updateToken(MIN_VALIDITY_SECONDS).catch(endSession);
  // A refreshed token tells what changed about the account meanwhile: its address verified since the
  // sign-in, say, which the cart's notice follows.
  client.onAuthRefreshSuccess = () => {
    const refreshed = shopperFromToken(client);
    const session = store.getState().session;
    if (refreshed && session.status === 'signedIn' && !sameShopper(session.shopper, refreshed)) store.dispatch(signedIn(refreshed));
  };
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

  const authenticated = await ready({ onLoad: 'check-sso', silentCheckSsoRedirectUri: silentCheckSso.href });
  const shopper = authenticated ? shopperFromToken(client) : undefined;
  if (!shopper) return void endSession();
  rememberSignedInHere();
  store.dispatch(signedIn(shopper));
  // with the storefront api, which loads beside the first render
  void import('./accountLanguage').then(({ syncSignedIn }) => syncSignedIn(store, shopper));
}

/** Takes a new token now, whatever the old one's time left: the account lost a role, which a
 *  token keeps until it is replaced. */
export async function refreshSession(): Promise<void> {
  if (client?.authenticated) await client.updateToken(-1);
}

function shopperFromToken(client: Keycloak): Shopper | undefined {
  const claims = client.tokenParsed as { email?: string; name?: string; preferred_username?: string; email_verified?: boolean } | undefined;
  if (!claims?.email) return undefined;
  return {
    email: claims.email,
    name: claims.name ?? claims.preferred_username ?? claims.email,
    // verified only when the token says so, as the gateway reads it for Place Order
    emailVerified: claims.email_verified === true,
  };
}

const sameShopper = (a: Shopper, b: Shopper) => a.email === b.email && a.name === b.name && a.emailVerified === b.emailVerified;

/** Leaves for Keycloak's login or registration page; Keycloak sends the shopper back to
 *  SIGNED_IN_PATH, which goes on to `returnTo` (the realm accepts exact addresses only). */
export async function signIn(action: 'login' | 'register', returnTo: string): Promise<void> {
  await ready();
  const client = keycloak();
  rememberReturn(returnTo);
  const redirectUri = new URL(SIGNED_IN_PATH, window.location.origin).href;
  // Keycloak's pages (ui_locales) show in the shopper's language.
  const options = { redirectUri, locale: currentLanguage() };
  const url = action === 'register' ? await client.createRegisterUrl(options) : await client.createLoginUrl(options);
  // Looked for from now on: a page opened as soon as Keycloak sends the shopper back, before this
  // one has read Keycloak's answer, finds the session too. A sign-in given up is forgotten at the
  // next look, which finds no session.
  rememberSignedInHere();
  // Replacing keeps /login out of the history, so Back does not bounce into sign-in again.
  window.location.replace(url);
}

export async function signOut(): Promise<void> {
  forgetSignedInHere();
  await ready();
  return keycloak().logout({ redirectUri: `${window.location.origin}/` });
}

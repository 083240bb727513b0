import { signedOut, type StorefrontStore } from '@bazar/web-kit';
import { answeredByKeycloak, signedInHereBefore } from './signedInHere';

/** keycloak-js and the session code are fetched beside the first render, not before it: the session
 *  shows as resolving until Keycloak has answered either way. A failed fetch is tried again at the
 *  next call (webpack forgets a chunk that failed to load), so sign-in can retry it. */
const session = () => import('./keycloakSession');

/**
 * Resolves whether the visitor is signed in (through Keycloak's SSO cookie, without leaving the
 * page; only in a browser that signed in here before) and keeps the tokens fresh. Tokens stay inside keycloak-js, in memory.
 */
export async function startSession(store: StorefrontStore): Promise<void> {
  // a visitor who never signed in here is not looked for at Keycloak (signedInHere.ts)
  if (!signedInHereBefore() && !answeredByKeycloak()) return void store.dispatch(signedOut());
  try {
    await (await session()).startSession(store);
  } catch (error) {
    console.error('Sign-in could not be checked; continuing signed out', error);
    store.dispatch(signedOut());
  }
}

/** Leaves for Keycloak's login or registration page; the shopper comes back to `returnTo` (by way
 *  of /login, keycloakSession.ts). */
export async function signIn(action: 'login' | 'register', returnTo: string): Promise<void> {
  return (await session()).signIn(action, returnTo);
}

export async function signOut(): Promise<void> {
  return (await session()).signOut();
}

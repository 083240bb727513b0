// Whether this browser has a Keycloak session worth looking for. Checking for one costs a hidden
// frame, four round trips to Keycloak and keycloak-js itself on every page load; for a visitor who
// never signed in here (most first visits) it always answers no. A cookie of the store's own, which
// holds no secret and proves nothing (the gateway trusts only tokens), says that a session was
// found here before; without it, or Keycloak's answer to a sign-in in the address, the visitor is
// signed out at once. Its lapse only costs a shopper one more click on Login, which Keycloak's own
// session then answers without a password.

const HINT = 'bazar_signed_in';
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

export const signedInHereBefore = () => document.cookie.split('; ').includes(`${HINT}=1`);

export function rememberSignedInHere(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${HINT}=1; path=/; max-age=${THIRTY_DAYS_S}; SameSite=Lax${secure}`;
}

export function forgetSignedInHere(): void {
  document.cookie = `${HINT}=; path=/; max-age=0; SameSite=Lax`;
}

/** Keycloak's answer to a sign-in or a registration, which keycloak-js reads from the address's
 *  fragment (its default response mode) as the page starts. */
export const answeredByKeycloak = () => /[#&]state=/.test(window.location.hash) && /[#&](code|error)=/.test(window.location.hash);

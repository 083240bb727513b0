import type { Location } from '@bazar/web-kit/routing';

const signInPaths = new Set(['/login', '/singup']);
const handsOver = (pathname: string) => signInPaths.has(pathname) || pathname.startsWith('/auth/');

/** Where Keycloak sends every visitor back after signing in or up: one exact address, the only one
 *  the realm's storefront client accepts besides the home page and the silent check (issue 53: a
 *  pattern such as `http://localhost:8080/*` also accepted `http://localhost:8080//evil.example/`).
 *  The page the visitor was going to is remembered in the tab (rememberReturn) and /login goes on
 *  to it once the session is found. */
export const SIGNED_IN_PATH = '/login';

/**
 * The page a visitor was sent to sign in from: kept in the navigation state, or else the page of
 * the store that linked here (`referrer`, same origin only). A Login link followed before the
 * rendered page had hydrated is a plain link: the browser loads /login afresh, without the state,
 * but with the page it came from as its referrer. Back from Keycloak (at SIGNED_IN_PATH) neither
 * is there, and the page remembered when the sign-in started (`remembered`) is. The home page when
 * there is none of them.
 */
export function returnPath(state: unknown, referrer?: URL, remembered?: string): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (from?.pathname) return handsOver(from.pathname) ? '/' : `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  if (referrer && !handsOver(referrer.pathname)) return `${referrer.pathname}${referrer.search}`;
  if (remembered !== undefined && isStorePage(remembered)) return remembered;
  return '/';
}

/** A path of this store (not `//host`, not `/\host`, which a browser reads as another site) that is
 *  not a sign-in page. */
function isStorePage(path: string): boolean {
  if (!/^\/(?![/\\])/.test(path) || path.includes('\\')) return false;
  const url = new URL(path, 'http://store.invalid');
  return url.origin === 'http://store.invalid' && !handsOver(url.pathname);
}

/** The page of this store that linked to the current one, if any. */
export function storeReferrer(): URL | undefined {
  if (!document.referrer) return undefined;
  const referrer = new URL(document.referrer);
  return referrer.origin === window.location.origin ? referrer : undefined;
}

const RETURN_KEY = 'bazar:sign-in-return';

/** Keeps `path` in this tab while the visitor is at Keycloak. */
export function rememberReturn(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // storage refused (a private window's quota): the visitor comes back to the home page
  }
}

export function rememberedReturn(): string | undefined {
  try {
    return sessionStorage.getItem(RETURN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetReturn(): void {
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // nothing was kept
  }
}

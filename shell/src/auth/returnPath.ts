import type { Location } from '@bazar/web-kit/routing';

const signInPaths = new Set(['/login', '/singup']);
const handsOver = (pathname: string) => signInPaths.has(pathname) || pathname.startsWith('/auth/');

/**
 * The page a visitor was sent to sign in from: kept in the navigation state, or else the page of
 * the store that linked here (`referrer`, same origin only). A Login link followed before the
 * rendered page had hydrated is a plain link: the browser loads /login afresh, without the state,
 * but with the page it came from as its referrer. The home page when there is neither.
 */
export function returnPath(state: unknown, referrer?: URL): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (from?.pathname) return handsOver(from.pathname) ? '/' : `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  if (!referrer || handsOver(referrer.pathname)) return '/';
  return `${referrer.pathname}${referrer.search}`;
}

/** The page of this store that linked to the current one, if any. */
export function storeReferrer(): URL | undefined {
  if (!document.referrer) return undefined;
  const referrer = new URL(document.referrer);
  return referrer.origin === window.location.origin ? referrer : undefined;
}

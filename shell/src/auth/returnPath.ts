import type { Location } from '@bazar/web-kit/routing';

const signInPaths = new Set(['/login', '/singup']);

/** The page a visitor was sent to sign in from (kept in the navigation state), or the home page. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || signInPaths.has(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

import { PUBLIC_API } from '@bazar/contracts';
import { Router } from 'express';
import { ROUTES } from './table';

/** Which gateway route answers a path, found the way express finds it. */
function routeFor(path: string) {
  const router = Router();
  let found: (typeof ROUTES)[number] | undefined;
  for (const route of ROUTES) router.all(route.path, () => void (found ??= route));
  router({ method: 'GET', url: path, headers: {} } as never, {} as never, () => undefined);
  return found;
}

describe('the gateway route table', () => {
  it.each(PUBLIC_API.map((e) => [e.method.toUpperCase(), e.path, e.access] as const))(
    'routes %s %s with %s access',
    (_method, path, access) => {
      const route = routeFor(path.replace(/\{(\w+)\}/g, 'x'));
      expect(route?.access).toBe(access === 'public' ? 'public-read' : access);
    },
  );
});

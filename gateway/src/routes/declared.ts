import { expressPath, type Access, type Endpoint, type RateLimitClass, type ServiceName } from '@bazar/contracts';
import { unknownRoute } from '@bazar/service-kit';
import { Router, type RequestHandler } from 'express';

/** What the gateway checks before a call goes on: who may make it, which rate-limit budget it
 *  spends, and whether a success may change the role of the user the path names. */
export type Gate = Pick<Endpoint, 'access' | 'changesRole'> & { limit: RateLimitClass };

const STRICTNESS: Record<Access, number> = { public: 0, user: 1, owner: 1, admin: 2 };

/**
 * The public API's routes, from its declaration: each endpoint's method and path, checked by its
 * gate and streamed to its service. Another method on a declared path is checked as the strictest
 * endpoint of that path (a signed-in user at least) and then answered 404, as the service would, so
 * an anonymous write to a public path is still told to sign in.
 */
export function declaredRoutes(
  api: readonly Endpoint[],
  gate: (rule: Gate) => RequestHandler,
  proxies: Record<ServiceName, RequestHandler>,
): Router {
  const routes = Router();
  const strictest = new Map<string, Access>();
  for (const endpoint of api) {
    const path = expressPath(endpoint);
    routes[endpoint.method](path, gate(endpoint), proxies[endpoint.service]);
    const known = strictest.get(path) ?? 'user';
    strictest.set(path, STRICTNESS[endpoint.access] > STRICTNESS[known] ? endpoint.access : known);
  }
  for (const [path, access] of strictest) {
    routes.get(path, gate({ access, limit: 'read' }), unknownRoute).all(path, gate({ access, limit: 'write' }), unknownRoute);
  }
  return routes;
}

import { expressPath, type Access, type Endpoint, type RateLimitClass, type ServiceName } from '@bazar/contracts';
import { unknownRoute } from '@bazar/service-kit/http';
import { Router, type RequestHandler } from 'express';

/** What the gateway checks before a call goes on: who may make it, which rate-limit budget it
 *  spends, whether a success may change the role of the user the path names, and which service the
 *  identity token it signs is meant for (none for a call the gateway answers itself). */
export type Gate = Pick<Endpoint, 'access' | 'changesRole'> & Partial<Pick<Endpoint, 'service'>> & { limit: RateLimitClass };

const STRICTNESS: Record<Access, number> = { public: 0, user: 1, owner: 1, admin: 2 };

/**
 * The public API's routes, from its declaration. `endpoints`: each endpoint's method and path,
 * answered with the CORS headers of `allowOrigin`, checked by its gate and streamed to its service.
 * `otherMethods`: another method on a declared path is
 * checked as the strictest endpoint of that path (a signed-in user at least) and then answered 404,
 * as the service would, so an anonymous write to a public path is still told to sign in. An
 * endpoint whose answer stays open (`stream`) passes `streams` (the open streams' limits) too.
 */
export function declaredRoutes(
  api: readonly Endpoint[],
  allowOrigin: RequestHandler,
  gate: (rule: Gate) => RequestHandler,
  proxies: Record<ServiceName, RequestHandler>,
  streams?: RequestHandler,
): { endpoints: Router; otherMethods: Router } {
  const endpoints = Router();
  const strictest = new Map<string, Access>();
  for (const endpoint of api) {
    const path = expressPath(endpoint);
    const limits = endpoint.stream && streams ? [streams] : [];
    endpoints[endpoint.method](path, allowOrigin, gate(endpoint), ...limits, proxies[endpoint.service]);
    const known = strictest.get(path) ?? 'user';
    strictest.set(path, STRICTNESS[endpoint.access] > STRICTNESS[known] ? endpoint.access : known);
  }
  const otherMethods = Router();
  for (const [path, access] of strictest) {
    otherMethods.get(path, gate({ access, limit: 'read' }), unknownRoute).all(path, gate({ access, limit: 'write' }), unknownRoute);
  }
  return { endpoints, otherMethods };
}

import { NoBody, expressPath, type Endpoint } from '@bazar/contracts';
import { Router, type RequestHandler } from 'express';
import type { ParamsDictionary, Query } from 'express-serve-static-core';
import type { z } from 'zod';
import { forbidden } from './errors';
import { currentUser, requireAdmin, requireUser } from './identity';
import { validate } from './validate';

type Parsed<E, Part extends string, Otherwise> = E extends { [P in Part]: infer S extends z.ZodType } ? z.output<S> : Otherwise;

/** A handler of `E`, its request's params, body and query typed as the declaration's schemas parse them. */
export type Handler<E extends Endpoint> = RequestHandler<
  Parsed<E, 'params', ParamsDictionary>,
  unknown,
  Parsed<E, 'body', unknown>,
  Parsed<E, 'query', Query>
>;

/** Refuses a caller other than the user the owner parameter names. */
function ownerOnly({ param, refusal }: NonNullable<Endpoint['owner']>): RequestHandler {
  return (req, _res, next) => {
    if (req.params[param] !== currentUser(req).email) throw forbidden('own-account-only', refusal);
    next();
  };
}

/** The kit's steps before an endpoint's own handlers: identity as its access asks, validation by
 *  its schemas (a write that declares no body nor upload takes an empty one), and the owner check
 *  after that. */
function checksOf({ method, path, service, access, owner, params, query, headers, body: declared, upload }: Endpoint): RequestHandler[] {
  const body = declared ?? (method === 'get' || upload ? undefined : NoBody);
  const steps: RequestHandler[] = [];
  // the identity token must be meant for the service the contracts say answers the endpoint
  if (access === 'admin') steps.push(requireAdmin(service));
  else if (access !== 'public') steps.push(requireUser(service));
  if (params ?? query ?? headers ?? body) steps.push(validate({ params, query, headers, body }) as RequestHandler);
  if (access === 'owner') {
    if (!owner) throw new Error(`${path} is an owner endpoint without its owner`);
    steps.push(ownerOnly(owner));
  }
  return steps;
}

/** A router of endpoints of the contracts' declaration. */
export interface EndpointRouter extends Router {
  /**
   * Answers `endpoint` with `handler` (after any middleware of the service's own, such as an
   * upload's reader) at the declared method and path. Before them the kit reads the caller's
   * identity as the endpoint's access asks (a visitor is refused 401, a non-admin 403), validates
   * params, query, headers and body with the declared schemas (400 naming the field), then refuses
   * anyone but the user an `owner` endpoint's path names (403, in the declared words); every refusal
   * is answered as `{ error }` by `finishApp`'s error handler.
   */
  implement<E extends Endpoint>(endpoint: E, ...handlers: [...RequestHandler[], Handler<E>]): EndpointRouter;
}

export function endpointRouter(): EndpointRouter {
  const router = Router() as EndpointRouter;
  router.implement = (endpoint, ...handlers) => {
    router[endpoint.method](expressPath(endpoint), ...checksOf(endpoint), ...(handlers as RequestHandler[]));
    return router;
  };
  return router;
}

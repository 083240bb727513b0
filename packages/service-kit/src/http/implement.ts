import { expressPath, type Endpoint } from '@bazar/contracts';
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
    if (req.params[param] !== currentUser(req).email) throw forbidden(refusal);
    next();
  };
}

/**
 * The route of one endpoint of the contracts' declaration, answered by `handler` (after any
 * middleware of the service's own, such as an upload's reader): the kit reads the caller's identity
 * as the endpoint's access asks (refusing a visitor 401, a non-admin 403), validates params, query,
 * headers and body with the declaration's schemas (400 naming the field), and refuses another
 * user's `owner` endpoint 403 after that, all answered as `{ error }` by `finishApp`'s handler.
 */
export function implement<E extends Endpoint>(endpoint: E, ...handlers: [...RequestHandler[], Handler<E>]): Router {
  const { access, owner, params, query, headers, body } = endpoint;
  const steps: RequestHandler[] = [];
  if (access === 'admin') steps.push(requireAdmin);
  else if (access !== 'public') steps.push(requireUser);
  if (params ?? query ?? headers ?? body) steps.push(validate({ params, query, headers, body }) as RequestHandler);
  if (access === 'owner') {
    if (!owner) throw new Error(`${endpoint.path} is an owner endpoint without its owner`);
    steps.push(ownerOnly(owner));
  }
  return Router()[endpoint.method](expressPath(endpoint), ...steps, ...(handlers as RequestHandler[]));
}

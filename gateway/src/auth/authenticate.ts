import { IDENTITY_HEADERS, type Role } from '@bazar/contracts';
import { HttpError, type Logger } from '@bazar/service-kit';
import type { RequestHandler } from 'express';
import type { Route } from '../routes/table';
import { InvalidToken, type TokenVerifier, type VerifiedToken } from './token-verifier';

/** Decides a verified user's role. For now the Keycloak realm role `admin` in the token; the
 *  identity work replaces this with the user service's record cached in Redis (dropped on
 *  role-changed), so that Make Admin takes effect on the next request. */
export type RoleOf = (token: VerifiedToken) => Promise<Role>;
export const roleFromToken: RoleOf = async (token) => (token.realmRoles.includes('admin') ? 'admin' : 'user');

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/;

/** Strips identity headers a client sent, lets anonymous reads of the catalog through, and for
 *  everything else verifies the bearer token and forwards who the user is to the service. */
export function authenticate(route: Route, { verifier, roleOf, log }: { verifier: TokenVerifier; roleOf: RoleOf; log: Logger }): RequestHandler {
  return async (req, _res, next) => {
    for (const header of Object.values(IDENTITY_HEADERS)) delete req.headers[header];
    if (route.access === 'public-read' && (req.method === 'GET' || req.method === 'HEAD')) {
      delete req.headers.authorization;
      return next();
    }

    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new HttpError(401, 'Sign in first');
    let token: VerifiedToken;
    try {
      token = await verifier.verify(match[1]);
    } catch (err) {
      if (!(err instanceof InvalidToken)) throw err;
      log.info({ reason: err.message }, 'token refused');
      throw new HttpError(401, 'Your sign-in is not valid; sign in again');
    }
    if (!token.email) throw new HttpError(403, 'This token does not belong to a shopper');
    const role = await roleOf(token);
    if (route.access === 'admin' && role !== 'admin') throw new HttpError(403, 'Only an admin may do that');

    req.headers[IDENTITY_HEADERS.id] = token.sub;
    req.headers[IDENTITY_HEADERS.email] = token.email;
    req.headers[IDENTITY_HEADERS.name] = encodeURIComponent(token.name ?? '');
    req.headers[IDENTITY_HEADERS.role] = role;
    // the services trust the identity headers; the user's token stays at the edge
    delete req.headers.authorization;
    next();
  };
}

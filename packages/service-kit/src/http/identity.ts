import type { Request, RequestHandler } from 'express';
import { IDENTITY_HEADERS, IdentityHeaders, type Role } from '@bazar/contracts';
import { HttpError } from './errors';

/** The signed-in shopper, as verified by the gateway and forwarded in the identity headers. */
export interface RequestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: RequestUser;
  }
}

/** Reads the gateway's identity headers into `req.user`; without them the request is refused 401.
 *  Services listen on loopback only, so these headers can only come from the gateway. */
export const requireUser: RequestHandler = (req, _res, next) => {
  const parsed = IdentityHeaders.safeParse(req.headers);
  if (!parsed.success) throw new HttpError(401, 'Sign in first');
  const h = parsed.data;
  req.user = {
    id: h[IDENTITY_HEADERS.id],
    email: h[IDENTITY_HEADERS.email],
    name: h[IDENTITY_HEADERS.name] ?? '',
    role: h[IDENTITY_HEADERS.role] ?? 'user',
  };
  next();
};

/** requireUser, then refuses anyone the gateway did not mark as an admin. */
export const requireAdmin: RequestHandler = (req, res, next) => {
  requireUser(req, res, () => {
    if (req.user?.role !== 'admin') throw new HttpError(403, 'Only an admin may do that');
    next();
  });
};

/** The user requireUser stored; calling it on a route without requireUser is a programming error. */
export function currentUser(req: Request): RequestUser {
  if (!req.user) throw new Error('currentUser() on a route without requireUser');
  return req.user;
}

/** Headers that carry the current user's identity on to another service's internal read. */
export function identityHeadersOf(user: RequestUser): Record<string, string> {
  return {
    [IDENTITY_HEADERS.id]: user.id,
    [IDENTITY_HEADERS.email]: user.email,
    [IDENTITY_HEADERS.name]: encodeURIComponent(user.name),
    [IDENTITY_HEADERS.role]: user.role,
  };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { IDENTITY_HEADERS, IdentityHeaders, type Role } from '@bazar/contracts';
import { HttpError } from './errors';

/** The signed-in shopper, as verified by the gateway and forwarded in the identity headers. */
export interface RequestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** whether the account's email address is verified; an unverified account may not order */
  emailVerified: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: RequestUser;
  }
}

/** The header with which the gateway (and a service passing a user on) shows it may send the
 *  identity headers: the installation's BAZAR_GATEWAY_SECRET. */
export const GATEWAY_SECRET_HEADER = 'x-bazar-gateway-secret';

const gatewaySecret = (): string | undefined => process.env.BAZAR_GATEWAY_SECRET || undefined;
const digest = (value: string) => createHash('sha256').update(value).digest();
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** Whether identity headers on this request may be believed. With BAZAR_GATEWAY_SECRET set, only
 *  with that secret beside them. Without it, only while the service listens on loopback (HOST unset,
 *  as in the local stack, where only this machine's own processes reach it): a service listening on
 *  any other address without the secret believes nobody, so a forgotten secret fails closed. */
function fromGateway(req: Request): boolean {
  const secret = gatewaySecret();
  if (!secret) return LOOPBACK.test(process.env.HOST ?? '127.0.0.1');
  const sent = req.headers[GATEWAY_SECRET_HEADER];
  return typeof sent === 'string' && timingSafeEqual(digest(sent), digest(secret));
}

/** The header that shows the gateway's secret, when the installation has one. */
export function gatewaySecretHeaders(): Record<string, string> {
  const secret = gatewaySecret();
  return secret ? { [GATEWAY_SECRET_HEADER]: secret } : {};
}

/** Reads the gateway's identity headers into `req.user`; without them, or without the gateway's
 *  secret beside them (see `fromGateway`), the request is refused 401. */
export const requireUser: RequestHandler = (req, _res, next) => {
  const parsed = IdentityHeaders.safeParse(req.headers);
  if (!parsed.success) throw new HttpError(401, 'Sign in first');
  if (!fromGateway(req)) throw new HttpError(401, 'Who is signed in is taken from the gateway only');
  const h = parsed.data;
  req.user = {
    id: h[IDENTITY_HEADERS.id],
    email: h[IDENTITY_HEADERS.email],
    name: h[IDENTITY_HEADERS.name] ?? '',
    role: h[IDENTITY_HEADERS.role] ?? 'user',
    emailVerified: h[IDENTITY_HEADERS.emailVerified] !== 'false',
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
    ...gatewaySecretHeaders(),
    [IDENTITY_HEADERS.id]: user.id,
    [IDENTITY_HEADERS.email]: user.email,
    [IDENTITY_HEADERS.name]: encodeURIComponent(user.name),
    [IDENTITY_HEADERS.role]: user.role,
    [IDENTITY_HEADERS.emailVerified]: String(user.emailVerified),
  };
}

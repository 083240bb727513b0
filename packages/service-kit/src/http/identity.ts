import type { Request, RequestHandler } from 'express';
import { IDENTITY_HEADERS, IDENTITY_TOKEN, SERVICE_TOKEN, type Role, type ServiceCaller, type ServiceName } from '@bazar/contracts';
import { HttpError } from './errors';
import { IdentityVerifier, ServiceTokenSigner, identitySigningKey, identityVerifyKey, verifyServiceToken } from './identity-token';

/** The signed-in shopper, as the gateway's identity token states them. */
export interface RequestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** whether the account's email address is verified; an unverified account may not order */
  emailVerified: boolean;
  /** the realm roles of the user's Keycloak token (the user service seeds the first admin from them) */
  realmRoles: string[];
  /** the identity token the request came with, passed on unchanged when this service calls another
   *  for the user (identityHeadersOf); a bearer credential for a minute: never log it */
  token: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: RequestUser;
  }
}

const FROM_GATEWAY_ONLY = 'Who is signed in is taken from the gateway only';

/** The installation's public key, from BAZAR_IDENTITY_VERIFY_KEY, parsed once per value (tests
 *  change it), with a verifier for each service it verifies for (one process may serve routes of
 *  several in the tests). Without one a service believes nobody: a forgotten key shuts signed-in
 *  features rather than opening them. */
let installation: { text: string; verifiers: Map<ServiceName, IdentityVerifier> } | undefined;
function installationVerifier(service: ServiceName): IdentityVerifier | undefined {
  const text = process.env.BAZAR_IDENTITY_VERIFY_KEY;
  if (!text) return undefined;
  if (installation?.text !== text) installation = { text, verifiers: new Map() };
  let verifier = installation.verifiers.get(service);
  if (!verifier) installation.verifiers.set(service, (verifier = new IdentityVerifier(identityVerifyKey(text), service)));
  return verifier;
}

/** The route step of the service `service` that believes who is signed in only from the gateway's
 *  identity token (contracts IDENTITY_TOKEN) meant for that service, verified with the
 *  installation's public key, into `req.user`; identity headers alone, a token signed with another
 *  key, for another service, expired, altered or not stating a user are refused 401. */
export function requireUser(service: ServiceName): RequestHandler {
  return (req, _res, next) => {
    req.user = verifiedUser(req, service);
    next();
  };
}

function verifiedUser(req: Request, service: ServiceName): RequestUser {
  const token = req.headers[IDENTITY_TOKEN.header];
  if (typeof token !== 'string' || token === '') {
    const claimed = Object.values(IDENTITY_HEADERS).some((header) => req.headers[header] !== undefined);
    throw claimed ? new HttpError(401, 'services-only', FROM_GATEWAY_ONLY) : new HttpError(401, 'sign-in-first', 'Sign in first');
  }
  const verifier = installationVerifier(service);
  if (!verifier) throw new HttpError(401, 'services-only', FROM_GATEWAY_ONLY);
  const claims = verifier.verify(token);
  return {
    id: claims.sub,
    email: claims.email,
    name: claims.name,
    role: claims.role,
    emailVerified: claims.email_verified,
    realmRoles: claims.realm_roles,
    token,
  };
}

/** requireUser, then refuses anyone the gateway did not mark as an admin. */
export function requireAdmin(service: ServiceName): RequestHandler {
  return (req, _res, next) => {
    req.user = verifiedUser(req, service);
    if (req.user.role !== 'admin') throw new HttpError(403, 'admin-only', 'Only an admin may do that');
    next();
  };
}

/** The user requireUser stored; calling it on a route without requireUser is a programming error. */
export function currentUser(req: Request): RequestUser {
  if (!req.user) throw new Error('currentUser() on a route without requireUser');
  return req.user;
}

/** Headers that carry the current user on to another service: the identity token the request came
 *  with, still valid (it was checked on the way in and lasts a minute), never headers restated by
 *  this service, which the next one would not believe. The next service takes it only if the
 *  gateway named it in the token's audience (contracts IDENTITY_PASSED_ON). */
export function identityHeadersOf(user: RequestUser): Record<string, string> {
  return { [IDENTITY_TOKEN.header]: user.token };
}

const ONLY_SERVICES = "Only the store's own services may call this";

/** Service tokens verified, by token and the service verifying, until they lapse: a caller sends
 *  one token for 20 s. */
let serviceKey:
  | {
      text: string;
      verified: Map<string, { caller: ServiceCaller; until: number }>;
      verify: (token: string, audience: ServiceName) => ServiceCaller;
    }
  | undefined;
function installationServiceKey(): typeof serviceKey {
  const text = process.env.BAZAR_SERVICE_VERIFY_KEY;
  if (!text) return undefined;
  if (serviceKey?.text !== text) {
    const key = identityVerifyKey(text);
    serviceKey = { text, verified: new Map(), verify: (token, audience) => verifyServiceToken(token, key, audience) };
  }
  return serviceKey;
}

/** Guards an internal route of the service `at` that carries no user (`/internal/...`): only a
 *  service named in `from`, showing a service token (contracts SERVICE_TOKEN) signed with the
 *  installation's service key for the service `at`, may call it. No token, one not verified or meant
 *  for another service: 401; another calling service's: 403. Without BAZAR_SERVICE_VERIFY_KEY the
 *  route takes nobody. */
export function requireService({ at, from: callers }: { at: ServiceName; from: ServiceCaller[] }): RequestHandler {
  return (req, _res, next) => {
    const token = req.headers[SERVICE_TOKEN.header];
    const installation = installationServiceKey();
    if (typeof token !== 'string' || token === '' || !installation) throw new HttpError(401, 'services-only', ONLY_SERVICES);
    const now = Date.now();
    const id = `${at} ${token}`;
    let known = installation.verified.get(id);
    if (!known || known.until <= now) {
      installation.verified.delete(id);
      const caller = installation.verify(token, at);
      // kept for less than the shortest time it is still good for: a third of its lifetime
      known = { caller, until: now + (SERVICE_TOKEN.lifetimeSeconds * 1000) / 3 };
      if (installation.verified.size >= 1_000) installation.verified.clear();
      installation.verified.set(id, known);
    }
    if (!callers.includes(known.caller)) throw new HttpError(403, 'services-only', `The ${known.caller} service may not call this`);
    next();
  };
}

let callerSigner: { text: string; caller: ServiceCaller; signer: ServiceTokenSigner } | undefined;

/** The header with which this service (`caller`) calls an internal route of the service `target`,
 *  in a token meant for `target` alone, signed with the installation's service key
 *  (BAZAR_SERVICE_SIGNING_KEY). Without that key it sends none: the
 *  called service decides (requireService refuses it, 401), so nothing is opened by a missing key,
 *  and a neighbour that does not check yet (a stack started before the key existed) still answers. */
export function serviceCallHeaders(caller: ServiceCaller, target: ServiceName): Record<string, string> {
  const text = process.env.BAZAR_SERVICE_SIGNING_KEY;
  if (!text) return {};
  if (callerSigner?.text !== text || callerSigner.caller !== caller)
    callerSigner = { text, caller, signer: new ServiceTokenSigner(identitySigningKey(text), caller) };
  return callerSigner.signer.headers(target);
}

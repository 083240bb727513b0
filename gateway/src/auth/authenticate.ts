import { EmailParams, IDENTITY_HEADERS, IDENTITY_TOKEN, identityAudience, type Role } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { HttpError, type IdentitySigner } from '@bazar/service-kit/http';
import type { Request, RequestHandler } from 'express';
import type { RateLimits } from '../limits/rate-limit';
import type { Gate } from '../routes/declared';
import type { Revocations } from './revocations';
import type { RoleDirectory } from './roles';
import { InvalidToken, type TokenVerifier, type VerifiedToken } from './token-verifier';

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/;
/** Headers only the gateway may set: whatever a client sent under these names is dropped (the
 *  identity token; and the old identity headers and gateway secret, which no service believes any
 *  more, so that nothing downstream ever sees a client's claim under them). */
const CLAIMED_BY_CLIENTS = [IDENTITY_TOKEN.header, ...Object.values(IDENTITY_HEADERS), 'x-bazar-gateway-secret'];

interface Gatekeepers {
  verifier: TokenVerifier;
  roles: RoleDirectory;
  revocations: Revocations;
  limits: RateLimits;
  /** signs the identity token the services believe, with the installation's private key */
  identity: IdentitySigner;
  log: Logger;
}

/** A promise's outcome, kept for later without an unhandled rejection meanwhile. */
const settled = <T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/** The email that ends a path such as /makeadmin/{email}, if it is one. */
function emailAtEndOf(req: Request): string | undefined {
  const parsed = EmailParams.safeParse({ email: decodeURIComponent(req.path.split('/').pop() ?? '') });
  return parsed.success ? parsed.data.email : undefined;
}

/** Strips identity headers a client sent, counts the request against the rate limits, lets
 *  anonymous calls of a public endpoint through, and for everything else verifies the bearer token,
 *  decides the role from the user service's record and forwards who the user is to the service in
 *  an identity token it signs (contracts IDENTITY_TOKEN), which the service verifies. Whether the user a path names
 *  is the caller (`owner` access) is the service kit's to check, after it has validated the call. */
export function authenticate(gate: Gate, { verifier, roles, revocations, limits, identity, log }: Gatekeepers): RequestHandler {
  return async (req, res, next) => {
    for (const header of CLAIMED_BY_CLIENTS) delete req.headers[header];
    limits.address(req, res, gate.limit);
    if (gate.access === 'public') {
      delete req.headers.authorization;
      return next();
    }

    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new HttpError(401, 'sign-in-first', 'Sign in first');
    let token: VerifiedToken;
    try {
      token = await verifier.verify(match[1]);
    } catch (err) {
      if (!(err instanceof InvalidToken)) throw err;
      log.info({ reason: err.message }, 'token refused');
      throw new HttpError(401, 'sign-in-again', 'Your sign-in is not valid; sign in again');
    }
    if (!token.email) throw new HttpError(403, 'forbidden', 'This token does not belong to a shopper');
    // two lookups in Redis, asked at once rather than one after another; answered in this order
    const revoked = revocations.isRevoked(token.sub);
    const known = settled(roles.roleOf(token.email));
    if (await revoked) throw new HttpError(401, 'account-deleted', 'This account has been deleted');
    limits.user(token.sub, res, gate.limit);

    let role: Role;
    const lookup = await known;
    if ('value' in lookup) role = lookup.value;
    else {
      // Without the user service nobody can be shown to be an admin; plain shoppers carry on.
      if (gate.access === 'admin') throw lookup.error;
      log.warn({ err: lookup.error }, 'role unknown; treated as a plain user');
      role = 'user';
    }
    if (gate.access === 'admin' && role !== 'admin') throw new HttpError(403, 'admin-only', 'Only an admin may do that');

    const target = gate.changesRole ? emailAtEndOf(req) : undefined;
    // Dropped as the answer goes out, before the caller can send another request (and on the one
    // Redis connection, ahead of that request's lookup): the change counts from the next request.
    if (target) res.on('finish', () => void (res.statusCode < 300 && roles.forget(target)));

    // meant for the service the call goes to (and those it passes it on to), refused by any other
    if (gate.service)
      req.headers[IDENTITY_TOKEN.header] = identity.sign(
        {
          sub: token.sub,
          email: token.email,
          name: token.name ?? '',
          role,
          realm_roles: token.realmRoles,
          email_verified: token.emailVerified,
        },
        identityAudience(gate.service),
      );
    // the services believe the gateway's identity token; the user's own token stays at the edge
    delete req.headers.authorization;
    next();
  };
}

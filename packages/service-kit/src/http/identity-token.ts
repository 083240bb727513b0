// The identity token (issue 53; contracts IDENTITY_TOKEN): the gateway signs who is signed in, for a
// minute, with the installation's private key; every service verifies it with the public key alone.
// jsonwebtoken does the JWS work; the keys are node:crypto KeyObjects, so a key of the wrong kind or
// curve is refused by jsonwebtoken before any signature is checked. Both kinds of token name in
// `aud` the service they are meant for, and a service takes only tokens that name it: a token
// captured at one service is worth nothing at another.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { IDENTITY_TOKEN, IdentityClaims, SERVICE_TOKEN, ServiceCaller, type ServiceName } from '@bazar/contracts';
import jwt from 'jsonwebtoken';
import { HttpError } from './errors';

/** The claims a verified token carries, as the services use them. */
export type VerifiedClaims = IdentityClaims & { name: string; realm_roles: string[] };

/** A key as the environment carries it: PEM, or (one line, as an env file wants it) base64 DER. */
function keyBytes(text: string): { key: string | Buffer; format: 'pem' | 'der' } {
  const trimmed = text.trim();
  return trimmed.startsWith('-----BEGIN') ? { key: trimmed, format: 'pem' } : { key: Buffer.from(trimmed, 'base64'), format: 'der' };
}

/** The installation's signing key (BAZAR_IDENTITY_SIGNING_KEY): PKCS#8, PEM or base64 DER. */
export function identitySigningKey(text: string): KeyObject {
  const { key, format } = keyBytes(text);
  return format === 'pem' ? createPrivateKey(key) : createPrivateKey({ key: key as Buffer, format, type: 'pkcs8' });
}

/** The installation's verifying key (BAZAR_IDENTITY_VERIFY_KEY): SPKI, PEM or base64 DER. */
export function identityVerifyKey(text: string): KeyObject {
  const { key, format } = keyBytes(text);
  return format === 'pem' ? createPublicKey(key) : createPublicKey({ key: key as Buffer, format, type: 'spki' });
}

type TokenKind = typeof IDENTITY_TOKEN | typeof SERVICE_TOKEN;

/** The payload of a token of `kind` (its algorithm, issuer, lifetime) meant for the service
 *  `audience` (one of the names in its `aud`), or InvalidIdentity. */
function verifiedPayload(token: string, key: KeyObject, kind: TokenKind, what: 'identity' | 'service', audience: ServiceName): object {
  const code = what === 'service' ? 'services-only' : 'sign-in-again';
  let payload: unknown;
  try {
    payload = jwt.verify(token, key, {
      algorithms: [kind.algorithm],
      issuer: kind.issuer,
      audience,
      clockTolerance: kind.clockToleranceSeconds,
      // a token without `exp` would otherwise be good forever; `maxAge` also needs `iat`
      maxAge: kind.lifetimeSeconds + kind.clockToleranceSeconds,
    });
  } catch (err) {
    if (err instanceof jwt.TokenExpiredError) throw new InvalidIdentity(`The ${what} token has expired`, code);
    if (err instanceof jwt.JsonWebTokenError && err.message.startsWith('jwt audience invalid'))
      throw new InvalidIdentity(`The ${what} token is meant for another service`, code);
    throw new InvalidIdentity(`The ${what} token is not valid`, code);
  }
  if (typeof payload !== 'object' || payload === null || typeof (payload as { exp?: unknown }).exp !== 'number')
    throw new InvalidIdentity(`The ${what} token is not valid`, code);
  return payload;
}

/** The calling service a service token for `audience` names (contracts SERVICE_TOKEN), or
 *  InvalidIdentity (401). */
export function verifyServiceToken(token: string, key: KeyObject, audience: ServiceName): ServiceCaller {
  const caller = ServiceCaller.safeParse((verifiedPayload(token, key, SERVICE_TOKEN, 'service', audience) as { sub?: unknown }).sub);
  if (!caller.success) throw new InvalidIdentity('The service token names no calling service', 'services-only');
  return caller.data;
}

/** A calling service's tokens, one per service it calls, each signed afresh once a third of its
 *  lifetime has passed. */
export class ServiceTokenSigner {
  private readonly kept = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly key: KeyObject,
    private readonly caller: ServiceCaller,
  ) {
    if (key.type !== 'private') throw new Error('a service token signer needs the private key');
  }

  /** The header that shows the service `target` which service calls (the tests, which stand in for
   *  the callers, may name several). */
  headers(target: ServiceName | readonly ServiceName[]): Record<string, string> {
    const now = Date.now();
    const id = String(target);
    let kept = this.kept.get(id);
    if (!kept || kept.until <= now) {
      const token = jwt.sign({ sub: this.caller }, this.key, {
        algorithm: SERVICE_TOKEN.algorithm,
        issuer: SERVICE_TOKEN.issuer,
        audience: typeof target === 'string' ? target : [...target],
        expiresIn: SERVICE_TOKEN.lifetimeSeconds,
      });
      kept = { token, until: now + (SERVICE_TOKEN.lifetimeSeconds * 1000) / 3 };
      this.kept.set(id, kept);
    }
    return { [SERVICE_TOKEN.header]: kept.token };
  }
}

/** Why a token was refused, in words for the caller (always a 401): a user's sign-in to try again
 *  (`sign-in-again`), or a call that only the store's services may make (`services-only`). */
export class InvalidIdentity extends HttpError {
  constructor(message: string, code: 'sign-in-again' | 'services-only' = 'sign-in-again') {
    super(401, code, message);
  }
}

/** Checks an identity token: ES256 only, signed by the installation's key, issued by the gateway
 *  for the service `audience`, not expired, issued no more than a lifetime ago, and stating a user
 *  in the contracts' shape. Throws InvalidIdentity (401) otherwise. */
export function verifyIdentityToken(token: string, key: KeyObject, audience: ServiceName): VerifiedClaims {
  const payload = verifiedPayload(token, key, IDENTITY_TOKEN, 'identity', audience);
  const claims = IdentityClaims.safeParse(payload);
  if (!claims.success) throw new InvalidIdentity('The identity token does not state a user');
  return claims.data;
}

/** verifyIdentityToken, remembering each token it verified (the exact string, for the key it was
 *  verified with) until the token expires: the gateway hands one token per user for several seconds,
 *  and a signature check costs far more CPU than a lookup. A token with any byte changed
 *  is another string and is checked afresh; an expired one is refused as before. */
export class IdentityVerifier {
  private readonly verified = new Map<string, { claims: VerifiedClaims; until: number }>();

  constructor(
    private readonly key: KeyObject,
    /** the service verifying: a token whose `aud` does not name it is refused */
    private readonly audience: ServiceName,
    private readonly maxRemembered = 10_000,
  ) {}

  verify(token: string): VerifiedClaims {
    const kept = this.verified.get(token);
    if (kept) {
      if (Date.now() <= kept.until) return kept.claims;
      this.verified.delete(token);
      throw new InvalidIdentity('The identity token has expired');
    }
    const claims = verifyIdentityToken(token, this.key, this.audience);
    const { exp, iat } = jwt.decode(token) as { exp: number; iat: number };
    // as long as jsonwebtoken would still take it: before exp, and within a lifetime of iat
    const until = (Math.min(exp, iat + IDENTITY_TOKEN.lifetimeSeconds) + IDENTITY_TOKEN.clockToleranceSeconds) * 1000;
    // bounded: past the limit everything is forgotten at once (it is only a saving, never needed)
    if (this.verified.size >= this.maxRemembered) this.verified.clear();
    this.verified.set(token, { claims, until });
    return claims;
  }
}

/** Signs identity tokens with the installation's private key. One token is reused for the same user
 *  (same claims, same services) for `reuseSeconds`, half its lifetime: a shopper's requests of half
 *  a minute cost one signature here and one verification in each service (which remembers the
 *  tokens it verified), where a new token every few seconds made the signature check a service's
 *  largest single cost under load; every token handed out still has half a minute left, far beyond
 *  any request's calls. A change of role or name is other claims, so a token at once. */
export class IdentitySigner {
  private readonly minted = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly key: KeyObject,
    private readonly reuseSeconds = IDENTITY_TOKEN.lifetimeSeconds / 2,
    private readonly maxRemembered = 10_000,
  ) {
    if (key.type !== 'private') throw new Error('an identity signer needs the private key');
  }

  /** A token stating `claims` to the services `audience` (contracts identityAudience: the one the
   *  request goes to, and those it passes the token on to), valid for IDENTITY_TOKEN.lifetimeSeconds
   *  from when it was signed. */
  sign(claims: IdentityClaims, audience: ServiceName | readonly ServiceName[]): string {
    const parsed = IdentityClaims.parse(claims);
    const aud = typeof audience === 'string' ? audience : [...audience];
    if (aud.length === 0) throw new Error('an identity token names the service it is for');
    const id = JSON.stringify([parsed, aud]);
    const now = Date.now();
    const kept = this.minted.get(id);
    if (kept && kept.until > now) return kept.token;
    const token = jwt.sign(parsed, this.key, {
      algorithm: IDENTITY_TOKEN.algorithm,
      issuer: IDENTITY_TOKEN.issuer,
      audience: aud,
      expiresIn: IDENTITY_TOKEN.lifetimeSeconds,
    });
    if (this.reuseSeconds > 0) {
      // bounded: past the limit everything is forgotten at once (it is only a saving, never needed)
      if (this.minted.size >= this.maxRemembered) this.minted.clear();
      this.minted.set(id, { token, until: now + this.reuseSeconds * 1000 });
    }
    return token;
  }
}

import type { KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { SigningKeys, UnknownSigningKey, type SigningKeyOptions } from './signing-keys';

export interface VerifiedToken {
  sub: string;
  email?: string;
  name?: string;
  realmRoles: string[];
  /** the token's `email_verified`: Keycloak's word that the address was proven */
  emailVerified: boolean;
}

export class InvalidToken extends Error {
  override name = 'InvalidToken';
}

/** Seconds a token is still taken after its `exp`, for clocks a little apart. */
const CLOCK_TOLERANCE_S = 5;
/** Tokens remembered as verified, at most, by default: one a shopper signed in within a token's life. */
const REMEMBERED_AT_MOST = 10_000;

/** Verifies Keycloak access tokens: RS256 only, our issuer and audience, not expired, signed by a
 *  key of the realm's JWKS (see SigningKeys for how a key id it has not seen is looked up).
 *
 *  A token verified once is taken as verified again until it expires: a shopper sends the same
 *  token with every request for its minute, and checking its RS256 signature each time was a sixth
 *  of the gateway's CPU under the order bench. A token is the same bytes whoever sends it, so only
 *  the exact string is remembered; revocation is asked per request (Revocations), not here. */
export class TokenVerifier {
  private readonly keys: SigningKeys;
  private readonly verified: LRUCache<string, VerifiedToken> | undefined;

  constructor(
    private readonly options: SigningKeyOptions & {
      issuer: string;
      audience: string;
      /** how many verified tokens are remembered (0: none, every token is checked) */
      rememberedAtMost?: number;
    },
  ) {
    this.keys = new SigningKeys(options);
    const max = options.rememberedAtMost ?? REMEMBERED_AT_MOST;
    if (max > 0) this.verified = new LRUCache({ max });
  }

  private async signingKey(kid: string | undefined): Promise<KeyObject> {
    if (!kid) throw new InvalidToken('token names no signing key');
    try {
      return await this.keys.key(kid);
    } catch (err) {
      if (!(err instanceof UnknownSigningKey)) throw err;
      throw new InvalidToken(`no signing key: ${err.message}`);
    }
  }

  async verify(token: string): Promise<VerifiedToken> {
    const remembered = this.verified?.get(token);
    if (remembered) return remembered;
    const { verified, expiresAt } = await this.check(token);
    // never longer than a key Keycloak retired goes on verifying
    const ttl = Math.min(expiresAt - Date.now(), this.keys.maxAgeMs);
    if (ttl > 0) this.verified?.set(token, verified, { ttl });
    return verified;
  }

  /** The token's claims and until when it is taken, once its signature and claims are checked. */
  private async check(token: string): Promise<{ verified: VerifiedToken; expiresAt: number }> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded) throw new InvalidToken('unreadable token');
    const key = await this.signingKey(decoded.header.kid);
    let payload: JwtPayload | string;
    try {
      payload = jwt.verify(token, key, {
        algorithms: ['RS256'],
        issuer: this.options.issuer,
        audience: this.options.audience,
        clockTolerance: CLOCK_TOLERANCE_S,
      });
    } catch (err) {
      throw new InvalidToken(err instanceof Error ? err.message : 'unreadable token');
    }
    if (typeof payload === 'string') throw new InvalidToken('unreadable token');
    if (!payload.sub) throw new InvalidToken('token has no subject');
    // jsonwebtoken checks `exp` only when present; a token without one would never expire
    if (typeof payload.exp !== 'number') throw new InvalidToken('token has no expiry');
    const realmAccess = payload.realm_access as { roles?: unknown } | undefined;
    const verified = {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined,
      name:
        typeof payload.name === 'string'
          ? payload.name
          : typeof payload.preferred_username === 'string'
            ? payload.preferred_username
            : undefined,
      realmRoles: Array.isArray(realmAccess?.roles) ? realmAccess.roles.filter((r): r is string => typeof r === 'string') : [],
      emailVerified: payload.email_verified === true,
    };
    return { verified, expiresAt: (payload.exp + CLOCK_TOLERANCE_S) * 1000 };
  }
}

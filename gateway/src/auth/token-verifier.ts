import type { KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
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

/** Verifies Keycloak access tokens: RS256 only, our issuer and audience, not expired, signed by a
 *  key of the realm's JWKS (see SigningKeys for how a key id it has not seen is looked up). */
export class TokenVerifier {
  private readonly keys: SigningKeys;

  constructor(private readonly options: SigningKeyOptions & { issuer: string; audience: string }) {
    this.keys = new SigningKeys(options);
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
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded) throw new InvalidToken('unreadable token');
    const key = await this.signingKey(decoded.header.kid);
    let payload: JwtPayload | string;
    try {
      payload = jwt.verify(token, key, {
        algorithms: ['RS256'],
        issuer: this.options.issuer,
        audience: this.options.audience,
        clockTolerance: 5,
      });
    } catch (err) {
      throw new InvalidToken(err instanceof Error ? err.message : 'unreadable token');
    }
    if (typeof payload === 'string') throw new InvalidToken('unreadable token');
    if (!payload.sub) throw new InvalidToken('token has no subject');
    // jsonwebtoken checks `exp` only when present; a token without one would never expire
    if (typeof payload.exp !== 'number') throw new InvalidToken('token has no expiry');
    const realmAccess = payload.realm_access as { roles?: unknown } | undefined;
    return {
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
  }
}

import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { JwksClient } from 'jwks-rsa';

export interface VerifiedToken {
  sub: string;
  email?: string;
  name?: string;
  realmRoles: string[];
}

export class InvalidToken extends Error {
  override name = 'InvalidToken';
}

/** How long a signing key is trusted before the JWKS is asked again (a key Keycloak retired stops
 *  verifying within this time). */
const KEY_MAX_AGE_MS = 10 * 60_000;

/** Verifies Keycloak access tokens: RS256 only, our issuer and audience, not expired. Signing keys
 *  come from the realm's JWKS and are kept per key id as ready KeyObjects (turning the PEM into a
 *  key on every request cost more than the signature check itself); a token naming an unknown key
 *  id makes the JWKS be fetched again (Keycloak rotated its keys), at most 10 times a minute. */
export class TokenVerifier {
  private readonly jwks: JwksClient;
  private readonly keys = new Map<string, { key: KeyObject; fetchedAt: number }>();

  constructor(private readonly options: { jwksUri: string; issuer: string; audience: string }) {
    this.jwks = new JwksClient({
      jwksUri: options.jwksUri,
      cache: true,
      cacheMaxEntries: 10,
      cacheMaxAge: KEY_MAX_AGE_MS,
      rateLimit: true,
      jwksRequestsPerMinute: 10,
      timeout: 3_000,
    });
  }

  private async signingKey(kid: string | undefined): Promise<KeyObject> {
    const cacheKey = kid ?? '';
    const cached = this.keys.get(cacheKey);
    if (cached && Date.now() - cached.fetchedAt < KEY_MAX_AGE_MS) return cached.key;
    let key: KeyObject;
    try {
      key = createPublicKey((await this.jwks.getSigningKey(kid)).getPublicKey());
    } catch (err) {
      throw new InvalidToken(`no signing key: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.keys.set(cacheKey, { key, fetchedAt: Date.now() });
    return key;
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
    };
  }
}

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

/** Verifies Keycloak access tokens: RS256 only, our issuer and audience, not expired. Signing keys
 *  come from the realm's JWKS, cached, and fetched again when a token names an unknown key id
 *  (Keycloak rotated its keys). */
export class TokenVerifier {
  private readonly jwks: JwksClient;

  constructor(private readonly options: { jwksUri: string; issuer: string; audience: string }) {
    this.jwks = new JwksClient({
      jwksUri: options.jwksUri,
      cache: true,
      cacheMaxEntries: 10,
      cacheMaxAge: 10 * 60_000,
      rateLimit: true,
      jwksRequestsPerMinute: 10,
      timeout: 3_000,
    });
  }

  async verify(token: string): Promise<VerifiedToken> {
    const payload = await new Promise<JwtPayload>((resolve, reject) => {
      jwt.verify(
        token,
        (header, callback) => {
          this.jwks.getSigningKey(header.kid, (err, key) => callback(err, key?.getPublicKey()));
        },
        { algorithms: ['RS256'], issuer: this.options.issuer, audience: this.options.audience, clockTolerance: 5 },
        (err, decoded) => (err || !decoded || typeof decoded === 'string' ? reject(new InvalidToken(err?.message ?? 'unreadable token')) : resolve(decoded)),
      );
    });
    if (!payload.sub) throw new InvalidToken('token has no subject');
    const realmAccess = payload.realm_access as { roles?: unknown } | undefined;
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined,
      name: typeof payload.name === 'string' ? payload.name : typeof payload.preferred_username === 'string' ? payload.preferred_username : undefined,
      realmRoles: Array.isArray(realmAccess?.roles) ? realmAccess.roles.filter((r): r is string => typeof r === 'string') : [],
    };
  }
}

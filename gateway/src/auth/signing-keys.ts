import { createPublicKey, type KeyObject, type webcrypto } from 'node:crypto';

export class UnknownSigningKey extends Error {
  override name = 'UnknownSigningKey';
}

export interface SigningKeyOptions {
  jwksUri: string;
  /** Fewest milliseconds between two fetches of the key set, whoever asks (default 5 s). */
  refetchIntervalMs?: number;
  /** How long the key set is trusted before it is fetched again (a key Keycloak retired stops
   *  verifying within this time; default 10 min). */
  maxAgeMs?: number;
  /** How long a key id the key set did not hold is answered 'unknown' without waiting for the next
   *  fetch (default 60 s). */
  unknownForMs?: number;
}

/** Key ids remembered as unknown; beyond this the oldest are forgotten (they then wait for the next
 *  shared fetch, which is harmless). */
const MAX_UNKNOWN = 10_000;
const FETCH_TIMEOUT_MS = 3_000;
/** How long a fetched key set is trusted by default (`maxAgeMs`). */
const KEY_SET_MAX_AGE_MS = 10 * 60_000;

/**
 * The realm's signing keys, from its JWKS, as ready KeyObjects per key id.
 *
 * A token naming a key id the set does not hold waits for the next fetch, which everyone shares and
 * which happens at most once per `refetchIntervalMs`; if that fetch does not bring the key either,
 * the id is answered 'unknown' at once for `unknownForMs`. So tokens with made-up key ids cost
 * Keycloak at most one request per interval, and cannot use up a budget that a token signed with a
 * newly rotated key would need: that token is accepted after at most one interval.
 */
export class SigningKeys {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = Number.NEGATIVE_INFINITY;
  private fetching: Promise<void> | undefined;
  private readonly unknown = new Map<string, number>();
  private readonly refetchIntervalMs: number;
  /** how long a fetched key set is trusted: a key Keycloak retired verifies no longer than this */
  readonly maxAgeMs: number;
  private readonly unknownForMs: number;

  constructor(private readonly options: SigningKeyOptions) {
    this.refetchIntervalMs = options.refetchIntervalMs ?? 5_000;
    this.maxAgeMs = options.maxAgeMs ?? KEY_SET_MAX_AGE_MS;
    this.unknownForMs = options.unknownForMs ?? 60_000;
  }

  async key(kid: string): Promise<KeyObject> {
    if (Date.now() - this.fetchedAt >= this.maxAgeMs) await this.refetch();
    const known = this.keys.get(kid);
    if (known) return known;
    const unknownUntil = this.unknown.get(kid);
    if (unknownUntil !== undefined && unknownUntil > Date.now()) throw new UnknownSigningKey(`unknown key id ${kid}`);

    await this.refetch();
    const found = this.keys.get(kid);
    if (found) return found;
    this.rememberUnknown(kid);
    throw new UnknownSigningKey(`unknown key id ${kid}`);
  }

  /** The next fetch of the key set: the one under way, or one as soon as the interval allows. */
  private refetch(): Promise<void> {
    this.fetching ??= (async () => {
      const wait = this.fetchedAt + this.refetchIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        this.keys = await this.fetchKeys();
      } catch (err) {
        // Keycloak unreachable: the keys held so far stay in use until it answers again.
        if (this.keys.size === 0) throw new UnknownSigningKey(`key set unavailable: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.fetchedAt = Date.now();
        this.fetching = undefined;
      }
    })();
    return this.fetching;
  }

  private async fetchKeys(): Promise<Map<string, KeyObject>> {
    const response = await fetch(this.options.jwksUri, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    const { keys } = (await response.json()) as { keys?: (webcrypto.JsonWebKey & { kid?: string; use?: string })[] };
    const signing = new Map<string, KeyObject>();
    for (const jwk of keys ?? []) {
      if (!jwk.kid || jwk.kty !== 'RSA' || (jwk.use !== undefined && jwk.use !== 'sig')) continue;
      try {
        signing.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
      } catch {
        // a key this runtime cannot read is no signing key of ours
      }
    }
    return signing;
  }

  private rememberUnknown(kid: string): void {
    if (this.unknown.size >= MAX_UNKNOWN) this.unknown.delete(this.unknown.keys().next().value!);
    this.unknown.set(kid, Date.now() + this.unknownForMs);
  }
}

import { Redis } from 'ioredis';
import type { Logger } from './logger';

export type { Redis };

/** A Redis client that never makes a request wait for Redis: with the server down, commands fail
 *  at once (no offline queue) and a slow server times out after half a second. */
export function createRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let reported = false;
  redis.on('error', (err) => {
    if (!reported) log.warn({ err: err.message }, 'redis unavailable');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
    log.info('redis ready');
  });
  return redis;
}

export function redisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/**
 * A JSON read-through cache that is bypassed whenever Redis fails: the store keeps working without
 * it, only slower. Entries live under a generation number that `clear()` bumps: a read that loaded
 * from the database before a change and stores its answer after the clear writes into the old
 * generation, which nobody reads any more, so a stale answer cannot outlive an invalidation.
 */
export class ReadCache {
  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
    private readonly prefix: string,
  ) {}

  private get generationKey(): string {
    return `${this.prefix}:generation`;
  }

  async read<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    let fullKey: string | undefined;
    try {
      const generation = (await this.redis.get(this.generationKey)) ?? '0';
      fullKey = `${this.prefix}:g${generation}:${key}`;
      const hit = await this.redis.get(fullKey);
      if (hit !== null) return JSON.parse(hit) as T;
    } catch (err) {
      this.log.debug({ err, key }, 'cache read skipped');
    }
    const value = await load();
    if (fullKey) {
      this.redis.set(fullKey, JSON.stringify(value), 'EX', ttlSeconds).catch((err: unknown) => {
        this.log.debug({ err, key: fullKey }, 'cache write skipped');
      });
    }
    return value;
  }

  /** Makes every entry of this cache unreachable (they expire by their TTL). */
  async clear(): Promise<void> {
    try {
      await this.redis.incr(this.generationKey);
    } catch (err) {
      this.log.warn({ err }, 'cache clear failed; entries expire on their own');
    }
  }
}

/** Where a deleted account is listed as revoked, by its identity provider id (a token's subject):
 *  the user service writes it as it deletes the account, and the gateway refuses that account's
 *  tokens from the next request on, instead of until they expire. Kept longer than any access
 *  token lives (the realm's: 5 minutes); an account signed up again has a new id. */
export const revokedAccountKey = (accountId: string) => `revoked-account:${accountId}`;
export const REVOKED_ACCOUNT_TTL_SECONDS = 60 * 60;

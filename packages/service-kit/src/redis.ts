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

/** A JSON read-through cache that is bypassed whenever Redis fails: the store keeps working
 *  without it, only slower. */
export class ReadCache {
  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
    private readonly prefix: string,
  ) {}

  async read<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
    const fullKey = `${this.prefix}:${key}`;
    try {
      const hit = await this.redis.get(fullKey);
      if (hit !== null) return JSON.parse(hit) as T;
    } catch (err) {
      this.log.debug({ err, key: fullKey }, 'cache read skipped');
    }
    const value = await load();
    this.redis.set(fullKey, JSON.stringify(value), 'EX', ttlSeconds).catch((err: unknown) => {
      this.log.debug({ err, key: fullKey }, 'cache write skipped');
    });
    return value;
  }

  /** Drops every key of this cache. Failure is logged: the short TTL bounds staleness. */
  async clear(): Promise<void> {
    try {
      for await (const keys of this.redis.scanStream({ match: `${this.prefix}:*`, count: 200 })) {
        if ((keys as string[]).length > 0) await this.redis.unlink(...(keys as string[]));
      }
    } catch (err) {
      this.log.warn({ err }, 'cache clear failed; entries expire on their own');
    }
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import { stackEnv } from '@bazar/testing';
import { Redis } from 'ioredis';

/** Where the store keeps its rate-limit counters: the gateway's (gateway/src/limits/rate-limit.ts)
 *  and the media service's uploads a day of an account (services/media/src/routes/upload.ts). */
const LIMITS = ['gateway:rl:*', 'media:uploads:*'];

/** A gateway settles a spent budget with Redis every 100 ms (gateway/src/limits): twice that, and
 *  every gateway has heard that its counts were cleared. */
const HEARD_BY_GATEWAYS_MS = 250;

/**
 * Forgets every rate-limit counter of the store, so that requests are counted afresh, and answers
 * once the gateways have heard of it.
 * For tests that send thousands of requests to see what validation answers, which a 429 would hide;
 * only for tests that run alone, since it also resets what other tests are counting.
 */
export async function forgetRateLimits(): Promise<void> {
  const redis = new Redis(stackEnv.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (const pattern of LIMITS) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
  await sleep(HEARD_BY_GATEWAYS_MS);
}

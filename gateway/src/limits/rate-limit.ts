import { HttpError, type Logger, type Redis } from '@bazar/service-kit';
import type { Request, Response } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitClass } from '@bazar/contracts';
import type { GatewayConfig } from '../config';

const WINDOW_SECONDS = 60;

/** The address of the shopper: nginx replaces X-Forwarded-For with the address it saw, so its
 *  last entry is the client's; a direct caller (tests, tools on loopback) is its socket's address. */
export function clientAddress(req: Request): string {
  const forwarded = req.get('x-forwarded-for')?.split(',').pop()?.trim();
  return forwarded || req.socket.remoteAddress || 'unknown';
}

/** Requests per minute per client address and per signed-in user, in Redis so every gateway
 *  replica counts together, with a tighter budget for writes. When Redis is down requests are let
 *  through: the limits protect the store, they are not worth refusing shoppers over. */
export class RateLimits {
  private readonly byAddress: { all: RateLimiterRedis; writes: RateLimiterRedis };
  private readonly byUser: { all: RateLimiterRedis; writes: RateLimiterRedis };

  constructor(
    redis: Redis,
    config: Pick<GatewayConfig, 'RATE_LIMIT_IP' | 'RATE_LIMIT_IP_WRITES' | 'RATE_LIMIT_USER' | 'RATE_LIMIT_USER_WRITES'>,
    private readonly log: Logger,
  ) {
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: WINDOW_SECONDS });
    this.byAddress = {
      all: limiter('gateway:rl:ip', config.RATE_LIMIT_IP),
      writes: limiter('gateway:rl:ip-w', config.RATE_LIMIT_IP_WRITES),
    };
    this.byUser = {
      all: limiter('gateway:rl:user', config.RATE_LIMIT_USER),
      writes: limiter('gateway:rl:user-w', config.RATE_LIMIT_USER_WRITES),
    };
  }

  /** Counts the request against its address; throws 429 (with Retry-After set) when over. */
  async address(req: Request, res: Response, limit: RateLimitClass): Promise<void> {
    await this.consume(this.byAddress, clientAddress(req), limit, res);
  }

  async user(userId: string, res: Response, limit: RateLimitClass): Promise<void> {
    await this.consume(this.byUser, userId, limit, res);
  }

  private async consume(
    limiters: { all: RateLimiterRedis; writes: RateLimiterRedis },
    key: string,
    limit: RateLimitClass,
    res: Response,
  ): Promise<void> {
    try {
      await Promise.all([limiters.all.consume(key), limit === 'write' && limiters.writes.consume(key)]);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) return void this.log.debug({ err }, 'rate limits unavailable; request let through');
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.msBeforeNext / 1000))));
      throw new HttpError(429, 'Too many requests; try again shortly');
    }
  }
}

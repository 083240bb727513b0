import type { Logger } from '@bazar/service-kit';
import { HttpError } from '@bazar/service-kit/http';
import type { Redis } from '@bazar/service-kit/redis';
import type { Request, Response } from 'express';
import type { RateLimitClass } from '@bazar/contracts';
import type { GatewayConfig } from '../config';

const WINDOW_MS = 60_000;
/** How often the counts taken here are added to Redis's, and Redis's read back. */
const SETTLE_EVERY_MS = 100;

/** The Redis hash holding one budget's counts (a field a key) for the minute `at` falls in. */
export const minuteCountsKey = (keyPrefix: string, at = Date.now()) => `${keyPrefix}:${Math.floor(at / WINDOW_MS)}`;

/** The address of the shopper: nginx replaces X-Forwarded-For with the address it saw, so its
 *  last entry is the client's; a direct caller (tests, tools on loopback) is its socket's address. */
export function clientAddress(req: Request): string {
  const forwarded = req.get('x-forwarded-for')?.split(',').pop()?.trim();
  return forwarded || req.socket.remoteAddress || 'unknown';
}

/** One key's requests in the current minute, as this gateway knows them. */
interface Tally {
  window: number;
  /** every replica's requests, as Redis last said, plus this one's since */
  counted: number;
  /** this replica's requests not yet added to Redis */
  unsent: number;
}

/**
 * Requests per fixed minute for each key of one budget (an address, a user), counted by every
 * gateway replica together in Redis. A request is decided here, without a call to Redis: each
 * replica counts in memory and, SETTLE_EVERY_MS after a request, adds what it counted to Redis's
 * count and reads back the total. A replica thus hears of the others' requests when it settles its
 * own, and a budget can be overrun by what replicas let through before then. A spent key is settled
 * every SETTLE_EVERY_MS until its minute ends, so a count cleared in Redis is heard that soon. A
 * round trip to Redis per request (rate-limiter-flexible's way) would cost the gateway more CPU than
 * the rest of its own work on a read. With Redis down, each replica keeps counting alone.
 */
export class SharedBudget {
  private readonly tallies = new Map<string, Tally>();
  /** keys with requests to add to Redis, or a refusal to check against it */
  private readonly due = new Set<string>();
  private settling: NodeJS.Timeout | undefined;
  /** the settle under way, which `stop` waits for */
  private inFlight: Promise<void> | undefined;
  private stopped = false;
  /** the minute whose tallies are kept; older ones are dropped when it changes */
  private minute = 0;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly perMinute: number,
    private readonly log: Logger,
  ) {}

  /** Counts a request of `key`; answers the milliseconds until the budget is renewed when it is
   *  spent (the request is then not counted), else undefined. */
  spend(key: string, now = Date.now()): number | undefined {
    const window = Math.floor(now / WINDOW_MS);
    let tally = this.tallies.get(key);
    if (tally?.window !== window) this.tallies.set(key, (tally = { window, counted: 0, unsent: 0 }));
    if (tally.counted >= this.perMinute) return (window + 1) * WINDOW_MS - now;
    tally.counted += 1;
    tally.unsent += 1;
    this.due.add(key);
    this.settleSoon();
    return undefined;
  }

  /** Sends what is counted here and settles no more: called before the Redis connection goes, which
   *  a settle still on the wire would meet closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.settling);
    await this.inFlight;
    await this.settle();
  }

  private settleSoon(): void {
    if (this.stopped) return;
    this.settling ??= setTimeout(() => void (this.inFlight = this.settle()), SETTLE_EVERY_MS).unref();
  }

  /** Adds the requests counted here to Redis's counts, and takes Redis's totals back. */
  private async settle(): Promise<void> {
    const now = Date.now();
    const window = Math.floor(now / WINDOW_MS);
    if (window !== this.minute) {
      for (const [key, tally] of this.tallies) if (tally.window < window) this.tallies.delete(key);
      this.minute = window;
    }
    // the minute's counts of every key of the budget, in one hash that expires after the minute
    const counts = minuteCountsKey(this.keyPrefix, now);
    const sent: [key: string, tally: Tally][] = [];
    const batch = this.redis.pipeline();
    for (const key of this.due) {
      const tally = this.tallies.get(key);
      if (tally?.window !== window) continue;
      batch.hincrby(counts, key, tally.unsent);
      sent.push([key, tally]);
      tally.unsent = 0;
    }
    this.due.clear();
    try {
      if (sent.length === 0) return;
      const answers = await batch.pexpire(counts, 2 * WINDOW_MS).exec();
      sent.forEach(([, tally], index) => {
        const [err, total] = answers?.[index] ?? [];
        if (!err && typeof total === 'number') tally.counted = total + tally.unsent;
      });
    } catch (err) {
      this.log.debug({ err }, 'rate limits not shared; counted on this gateway alone');
    } finally {
      // a spent key is settled again until its minute ends: when its count is cleared in Redis (an
      // operator lifting a block), its next request is let through, not refused once more
      for (const [key, tally] of sent) if (tally.counted >= this.perMinute) this.due.add(key);
      this.settling = undefined;
      if (this.due.size > 0) this.settleSoon();
    }
  }
}

/** Requests per minute per client address and per signed-in user, shared by every gateway replica
 *  through Redis (SharedBudget), with a tighter budget for writes. */
export class RateLimits {
  private readonly byAddress: { all: SharedBudget; writes: SharedBudget };
  private readonly byUser: { all: SharedBudget; writes: SharedBudget };

  constructor(
    redis: Redis,
    config: Pick<GatewayConfig, 'RATE_LIMIT_IP' | 'RATE_LIMIT_IP_WRITES' | 'RATE_LIMIT_USER' | 'RATE_LIMIT_USER_WRITES'>,
    log: Logger,
  ) {
    const budget = (keyPrefix: string, perMinute: number) => new SharedBudget(redis, keyPrefix, perMinute, log);
    this.byAddress = {
      all: budget('gateway:rl:ip', config.RATE_LIMIT_IP),
      writes: budget('gateway:rl:ip-w', config.RATE_LIMIT_IP_WRITES),
    };
    this.byUser = {
      all: budget('gateway:rl:user', config.RATE_LIMIT_USER),
      writes: budget('gateway:rl:user-w', config.RATE_LIMIT_USER_WRITES),
    };
  }

  /** Counts the request against its address; throws 429 (with Retry-After set) when over. */
  address(req: Request, res: Response, limit: RateLimitClass): void {
    this.spend(this.byAddress, clientAddress(req), limit, res);
  }

  user(userId: string, res: Response, limit: RateLimitClass): void {
    this.spend(this.byUser, userId, limit, res);
  }

  /** Sends what is counted here and settles no more (SharedBudget.stop). */
  async stop(): Promise<void> {
    await Promise.all([this.byAddress, this.byUser].flatMap(({ all, writes }) => [all.stop(), writes.stop()]));
  }

  private spend(budgets: { all: SharedBudget; writes: SharedBudget }, key: string, limit: RateLimitClass, res: Response): void {
    const wait = budgets.all.spend(key) ?? (limit === 'write' ? budgets.writes.spend(key) : undefined);
    if (wait === undefined) return;
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
    throw new HttpError(429, 'too-many-requests', 'Too many requests; try again shortly');
  }
}

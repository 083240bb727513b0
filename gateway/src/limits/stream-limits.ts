import { randomUUID } from 'node:crypto';
import { IDENTITY_TOKEN } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { HttpError } from '@bazar/service-kit/http';
import type { Redis } from '@bazar/service-kit/redis';
import type { RequestHandler } from 'express';
import { clientAddress } from './rate-limit';

/** How often this gateway tells Redis its streams are still open. */
const REFRESH_MS = 15_000;
/** A stream not refreshed for this long is no longer counted: its gateway was killed (a gateway
 *  that stops on purpose ends its streams, and each end takes its place back at once). */
const STALE_MS = 3 * REFRESH_MS;

/** Where the open streams of an account and of an address are listed: a sorted set of stream ids,
 *  scored by when their gateway last said they were open. */
export const accountStreamsKey = (account: string) => `gateway:streams:account:${account}`;
export const addressStreamsKey = (address: string) => `gateway:streams:address:${address}`;

// Atomic, so that two gateways admitting the last place at once cannot both take it: drops the
// streams no gateway has refreshed, refuses when either list is full, else lists the stream in both.
const ADMIT = `
local stale = tonumber(ARGV[1]) - tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', stale)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', stale)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 2 end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[1], ARGV[3])
  redis.call('PEXPIRE', key, 2 * tonumber(ARGV[2]))
end
return 0`;

interface OpenStream {
  account: string;
  address: string;
}

/** The account the gateway's own identity token (just signed by `authenticate`) names. */
function accountOf(identityToken: unknown): string {
  if (typeof identityToken !== 'string') throw new Error('stream limits without an identity token: authenticate runs first');
  return (JSON.parse(Buffer.from(identityToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;
}

/**
 * At most `perAccount` open streams (the endpoints declared `stream: true`: the live orders) for one
 * account and `perAddress` for one client address, counted by every gateway replica together in
 * Redis (issue 53): an answer that stays open holds a connection on the gateway, nginx and the
 * service for as long as the client likes, so one account must not hold many. A stream over either
 * limit is refused 429 before it reaches the service; a closed one frees its place at once, and one
 * whose gateway was killed ages out after STALE_MS. With Redis away each gateway counts its own.
 */
export class StreamLimits {
  /** the streams this gateway holds open, by id */
  private readonly open = new Map<string, OpenStream>();
  private readonly refresher = setInterval(() => void this.refresh(), REFRESH_MS).unref();

  constructor(
    private readonly redis: Redis,
    private readonly perAccount: number,
    private readonly perAddress: number,
    private readonly log: Logger,
  ) {}

  /** After `authenticate`, before the proxy, on a streaming endpoint. */
  readonly guard: RequestHandler = async (req, res, next) => {
    const stream = { account: accountOf(req.headers[IDENTITY_TOKEN.header]), address: clientAddress(req) };
    const id = randomUUID();
    const full = await this.admit(id, stream);
    if (full) {
      res.setHeader('Retry-After', String(REFRESH_MS / 1000));
      throw new HttpError(
        429,
        'too-many-streams',
        full === 'account'
          ? `This account already has ${this.perAccount} live streams open; close one (another tab or device) first`
          : `This address already has ${this.perAddress} live streams open; close one first`,
        { limit: full === 'account' ? this.perAccount : this.perAddress },
      );
    }
    this.open.set(id, stream);
    res.on('close', () => void this.release(id));
    next();
  };

  /** Which limit is reached ('account', 'address'), else undefined with the stream counted. */
  private async admit(id: string, { account, address }: OpenStream): Promise<'account' | 'address' | undefined> {
    try {
      const answer = await this.redis.eval(
        ADMIT,
        2,
        accountStreamsKey(account),
        addressStreamsKey(address),
        Date.now(),
        STALE_MS,
        id,
        this.perAccount,
        this.perAddress,
      );
      return answer === 1 ? 'account' : answer === 2 ? 'address' : undefined;
    } catch (err) {
      this.log.warn({ err }, 'stream limits not shared; counted on this gateway alone');
      const mine = [...this.open.values()];
      if (mine.filter((one) => one.account === account).length >= this.perAccount) return 'account';
      if (mine.filter((one) => one.address === address).length >= this.perAddress) return 'address';
      return undefined;
    }
  }

  private async release(id: string): Promise<void> {
    const stream = this.open.get(id);
    if (!stream) return;
    this.open.delete(id);
    await this.redis
      .pipeline()
      .zrem(accountStreamsKey(stream.account), id)
      .zrem(addressStreamsKey(stream.address), id)
      .exec()
      .catch((err: unknown) => this.log.debug({ err }, 'a closed stream stays counted until it ages out'));
  }

  /** Tells Redis this gateway's streams are still open. */
  private async refresh(): Promise<void> {
    if (this.open.size === 0) return;
    const now = Date.now();
    const batch = this.redis.pipeline();
    for (const [id, { account, address }] of this.open) {
      for (const key of [accountStreamsKey(account), addressStreamsKey(address)]) {
        // XX: a stream released meanwhile is not listed again
        batch.zadd(key, 'XX', now, id).pexpire(key, 2 * STALE_MS);
      }
    }
    await batch.exec().catch((err: unknown) => this.log.debug({ err }, 'open streams not refreshed; they age out unless the next one is'));
  }

  stop(): void {
    clearInterval(this.refresher);
  }
}

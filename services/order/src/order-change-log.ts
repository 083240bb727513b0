import type { OrderStreamMessage } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import type { Redis } from '@bazar/service-kit/redis';

/** The log of recent order status changes that a reconnecting live stream catches up from (issue
 *  53): a Redis stream, so that every replica gives a change the same position, whichever replica a
 *  browser reconnects to. Kept for KEEP_MS: a stream ends every minute (its identity expires) and the
 *  browser is back within a second, while a phone that lost its network for longer reads its orders
 *  again. At 20 orders a second, a few changes each, that is some 30,000 entries of 200 bytes. */
const LOG = '{orders-live}:log';
const KEEP_MS = 5 * 60_000;
/** Each replica trims the log by its own clock (and Redis trims whole nodes, so older entries may
 *  stay a while): the log vouches for a position only this much of KEEP_MS short of its age. */
const CLOCKS_APART = 0.1;
/** A reconnecting stream is sent the changes from this long before its position too: replicas
 *  hear the topic's partitions each in its own order, so a stream may have heard a change before
 *  one with a smaller position, which then reached it a moment later (or not, if it ended between).
 *  The pages take a change they already show as nothing. */
const REORDERING_MS = 2_000;
/** More missed changes than this are not sent one by one: the page reads its orders again. */
export const MOST_CAUGHT_UP = 1_000;

/** The first replica to log a change gives it its position; the others are told the same one. The
 *  log's first position is kept beside it (KEYS[3]): a log started afresh (Redis emptied) vouches
 *  for nothing before it, nor a log found without it for anything before the change that set it. */
const LOG_ONCE = `
local known = redis.call('GET', KEYS[2])
if known then return known end
local fresh = redis.call('EXISTS', KEYS[1]) == 0
local at = redis.call('XADD', KEYS[1], 'MINID', '~', ARGV[1], '*', 'user', ARGV[2], 'change', ARGV[3])
redis.call('SET', KEYS[2], at, 'PX', ARGV[4])
if fresh then redis.call('SET', KEYS[3], at) else redis.call('SET', KEYS[3], at, 'NX') end
return at`;

export interface LoggedChange {
  /** its position in the log: the stream's event id */
  at: string;
  /** the shopper whose order it is */
  userId: string;
  message: OrderStreamMessage;
}

/** Orders positions as Redis does (milliseconds, then sequence). */
export function comparePositions(a: string, b: string): number {
  const [aMs = 0n, aSeq = 0n] = a.split('-').map(BigInt);
  const [bMs = 0n, bSeq = 0n] = b.split('-').map(BigInt);
  return aMs === bMs ? Number(aSeq - bSeq) : aMs < bMs ? -1 : 1;
}

/** What XINFO STREAM answers, as a map of its fields. */
function fieldsOf(answer: unknown): Map<string, unknown> | undefined {
  const list = Array.isArray(answer) ? (answer as unknown[]) : [];
  const fields = new Map<string, unknown>();
  for (let i = 0; i + 1 < list.length; i += 2) fields.set(String(list[i]), list[i + 1]);
  return fields;
}

export class OrderChangeLog {
  private readonly key: string;
  private readonly keepMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
    /** the Redis stream (a test's own) and how long it keeps a change; beside it the position each
     *  change was given, by event id (every replica hears every change and asks), and its first */
    { key = LOG, keepMs = KEEP_MS }: { key?: string; keepMs?: number } = {},
  ) {
    this.key = key;
    this.keepMs = keepMs;
  }

  /** The change's position, the same at every replica (the first to ask logs it). */
  async position(eventId: string, userId: string, message: OrderStreamMessage): Promise<string> {
    const answer = await this.redis.eval(
      LOG_ONCE,
      3,
      this.key,
      `${this.key}:at:${eventId}`,
      `${this.key}:begun`,
      String(Date.now() - this.keepMs),
      userId,
      JSON.stringify(message),
      String(this.keepMs),
    );
    return String(answer);
  }

  /**
   * Where the log is now, and the changes logged after `after` (with those of the REORDERING_MS
   * before it), oldest first; `missed` is undefined when the log cannot tell every change after
   * `after`: it is older than the log keeps, from before the log began (Redis emptied) or after
   * its last position, or too many changes were made since.
   */
  async since(after: string | undefined): Promise<{ now: string; missed: LoggedChange[] | undefined }> {
    const [info, begun] = await Promise.all([
      this.redis.call('XINFO', 'STREAM', this.key).then(fieldsOf, (err: unknown) => {
        // no change was logged yet: every position is from an earlier log
        if (err instanceof Error && /no such key/i.test(err.message)) return undefined;
        throw err;
      }),
      this.redis.get(`${this.key}:begun`),
    ]);
    if (!info) return { now: '0-0', missed: undefined };
    const now = String(info.get('last-generated-id') ?? '0-0');
    const kept = Date.now() - this.keepMs * (1 - CLOCKS_APART);
    if (
      after === undefined ||
      begun === null ||
      comparePositions(after, begun) < 0 ||
      comparePositions(after, now) > 0 ||
      Number(after.split('-')[0]) < kept
    )
      return { now, missed: undefined };
    const from = `${Math.max(0, Number(after.split('-')[0]) - REORDERING_MS)}-0`;
    const entries = (await this.redis.call('XRANGE', this.key, `(${from}`, now, 'COUNT', String(MOST_CAUGHT_UP + 1))) as [
      string,
      string[],
    ][];
    if (entries.length > MOST_CAUGHT_UP) return { now, missed: undefined };
    const missed: LoggedChange[] = [];
    for (const [at, fields] of entries) {
      const entry = new Map<string, string>();
      for (let i = 0; i + 1 < fields.length; i += 2) entry.set(fields[i]!, fields[i + 1]!);
      try {
        missed.push({ at, userId: entry.get('user') ?? '', message: JSON.parse(entry.get('change') ?? '') as OrderStreamMessage });
      } catch (err) {
        this.log.warn({ err, at }, 'an unreadable entry in the log of order changes; skipped');
      }
    }
    return { now, missed };
  }
}

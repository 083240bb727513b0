import type { OrderStreamMessage } from '@bazar/contracts';
import type { Logger, Redis } from '@bazar/service-kit';

/** The log of recent order status changes that a reconnecting live stream catches up from (issue
 *  53): a Redis stream, so that every replica gives a change the same position, whichever replica a
 *  browser reconnects to. Kept for KEEP_MS: a stream ends every minute (its identity expires) and the
 *  browser is back within a second, while a phone that lost its network for longer reads its orders
 *  again. At 20 orders a second, a few changes each, that is some 30,000 entries of 200 bytes. */
const LOG = '{orders-live}:log';
/** the position each change was given, by event id: every replica hears every change and asks */
const POSITION_OF = '{orders-live}:at:';
const KEEP_MS = 5 * 60_000;
/** A reconnecting stream is sent the changes from this long before its position too: replicas
 *  hear the topic's partitions each in its own order, so a stream may have heard a change before
 *  one with a smaller position, which then reached it a moment later (or not, if it ended between).
 *  The pages take a change they already show as nothing. */
const REORDERING_MS = 2_000;
/** More missed changes than this are not sent one by one: the page reads its orders again. */
const MOST_CAUGHT_UP = 1_000;

/** The first replica to log a change gives it its position; the others are told the same one. */
const LOG_ONCE = `
local known = redis.call('GET', KEYS[2])
if known then return known end
local at = redis.call('XADD', KEYS[1], 'MINID', '~', ARGV[1], '*', 'user', ARGV[2], 'change', ARGV[3])
redis.call('SET', KEYS[2], at, 'PX', ARGV[4])
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
function fieldsOf(answer: unknown): Map<string, unknown> {
  const list = Array.isArray(answer) ? (answer as unknown[]) : [];
  const fields = new Map<string, unknown>();
  for (let i = 0; i + 1 < list.length; i += 2) fields.set(String(list[i]), list[i + 1]);
  return fields;
}

export class OrderChangeLog {
  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {}

  /** The change's position, the same at every replica (the first to ask logs it). */
  async position(eventId: string, userId: string, message: OrderStreamMessage): Promise<string> {
    const answer = await this.redis.eval(
      LOG_ONCE,
      2,
      LOG,
      POSITION_OF + eventId,
      String(Date.now() - KEEP_MS),
      userId,
      JSON.stringify(message),
      String(KEEP_MS),
    );
    return String(answer);
  }

  /**
   * Where the log is now, and the changes logged after `after` (with those of the REORDERING_MS
   * before it), oldest first; `missed` is undefined when the log cannot tell every change after
   * `after`: it was trimmed past it, started afresh (Redis emptied), or too many changes were made.
   */
  async since(after: string | undefined): Promise<{ now: string; missed: LoggedChange[] | undefined }> {
    let info: Map<string, unknown>;
    try {
      info = fieldsOf(await this.redis.call('XINFO', 'STREAM', LOG));
    } catch (err) {
      // no change was logged yet (or not for KEEP_MS): every position is from an earlier log
      if (err instanceof Error && /no such key/i.test(err.message)) return { now: '0-0', missed: undefined };
      throw err;
    }
    const now = String(info.get('last-generated-id') ?? '0-0');
    const trimmedTo = String(info.get('max-deleted-entry-id') ?? '0-0');
    if (after === undefined || comparePositions(after, now) > 0 || comparePositions(after, trimmedTo) < 0)
      return { now, missed: undefined };
    const [afterMs = '0'] = after.split('-');
    const margin = `${Math.max(0, Number(afterMs) - REORDERING_MS)}-0`;
    const from = comparePositions(margin, trimmedTo) > 0 ? margin : trimmedTo;
    const entries = (await this.redis.call('XRANGE', LOG, `(${from}`, now, 'COUNT', String(MOST_CAUGHT_UP + 1))) as [string, string[]][];
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

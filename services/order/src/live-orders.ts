import {
  IDENTITY_TOKEN,
  type ErrorAnswer,
  ORDER_STREAM_EVENT,
  ORDER_STREAM_OPENED_EVENT,
  type OrderStatusChanged,
  type OrderStreamMessage,
  type OrderStreamOpened,
  type Role,
} from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { currentUser } from '@bazar/service-kit/http';
import { revokedAccountKey, type Redis } from '@bazar/service-kit/redis';
import type { RequestHandler, Response } from 'express';
import { OrderChangeLog } from './order-change-log';

/** A comment line this often keeps the stream's idle connection open through the gateway and
 *  nginx (which close one silent for 30 and 60 s); each beat also checks every stream's rights. */
const HEARTBEAT_MS = 15_000;

/** Why a stream was ended, in the comment line written just before its end (for a reader of the
 *  raw stream; the browser only sees the end and reconnects). */
export type StreamEnd = 'identity expired' | 'role changed' | 'account deleted' | 'stopping';

interface Listener {
  userId: string;
  email: string;
  role: Role;
  res: Response;
  /** when the identity token the stream was opened with expires (ms) */
  expiresAt: number;
  /** ends the stream then */
  expiry: NodeJS.Timeout;
  /** changes heard while the stream catches up with those it missed, written after them */
  pending: string[] | undefined;
}

/** A change as the stream writes it, with its position in the log when it has one. */
const changeText = (message: OrderStreamMessage, at: string | undefined) =>
  `event: ${ORDER_STREAM_EVENT}\n${at ? `id: ${at}\n` : ''}data: ${JSON.stringify(message)}\n\n`;
const hears = (listener: Pick<Listener, 'role' | 'userId'>, userId: string) => listener.role === 'admin' || listener.userId === userId;

/** When the identity token a stream was opened with stops being good (ms): its `exp`, and never
 *  later than a lifetime after its `iat`, as the services' verifier takes it. The token was verified
 *  on the way in (requireUser), so its payload is only read here. */
function expiryOf(token: string): number {
  const { exp, iat } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; iat: number };
  return Math.min(exp, iat + IDENTITY_TOKEN.lifetimeSeconds) * 1000;
}

/**
 * The status changes of orders, as Server-Sent Events, to the listeners connected to this replica:
 * a shopper hears of their own orders, an admin of every order. Every replica hears every
 * OrderStatusChanged (an `everyReplica` consumer), so it does not matter which one a listener is
 * connected to.
 *
 * A stream lasts only as long as the rights it was opened with (issue 53): it ends when the identity
 * token it was opened with expires (a minute at most: the browser reconnects at once with a fresh
 * one and catches up, below), when its account's role changes or the
 * account is deleted (the role-changed and user-deleted events, heard by every replica), and each
 * heartbeat checks every stream again: expired, or the account revoked (the key the user service
 * writes in Redis as it deletes an account), in case an event was not heard.
 *
 * No change is lost across a reconnection: each change is sent with its position in a log of recent
 * changes that every replica shares (OrderChangeLog), and the stream begins with its own position
 * (ORDER_STREAM_OPENED_EVENT). A browser that reconnects sends back the last position it heard
 * (Last-Event-ID) and is first sent the changes it may hear that were made since, then told it is
 * `resumed`; only when the log cannot tell (a first connection, away for longer than the log keeps,
 * Redis unavailable) does the page read its orders again.
 */
export class LiveOrders {
  private readonly listeners = new Set<Listener>();
  private readonly heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS).unref();
  private readonly changes: OrderChangeLog;

  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {
    this.changes = new OrderChangeLog(redis, log);
  }

  /** GET: keeps the answer open and writes each change as it comes, until the rights end. */
  readonly stream: RequestHandler = (req, res) => {
    const user = currentUser(req);
    const expiresAt = expiryOf(user.token);
    const left = expiresAt - Date.now();
    if (left <= 0)
      return void res.status(401).json({ error: 'The identity token has expired', code: 'sign-in-again' } satisfies ErrorAnswer);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx passes each event on at once instead of buffering the answer
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');
    const listener: Listener = {
      userId: user.id,
      email: user.email.toLowerCase(),
      role: user.role,
      res,
      expiresAt,
      expiry: setTimeout(() => this.end(listener, 'identity expired'), left).unref(),
      // the changes heard from now on wait until those missed are written
      pending: [],
    };
    this.listeners.add(listener);
    req.on('close', () => {
      clearTimeout(listener.expiry);
      this.listeners.delete(listener);
    });
    // validated by the contracts (OrderStreamHeaders): a position this stream's log gave
    void this.catchUp(listener, req.get('last-event-id'));
  };

  /** Writes the changes `listener` may hear that were logged after `after` (a reconnection's
   *  Last-Event-ID), then the stream's opening message with where the log is now, then whatever
   *  was heard meanwhile. */
  private async catchUp(listener: Listener, after: string | undefined): Promise<void> {
    let opened: OrderStreamOpened = { resumed: false };
    let at: string | undefined;
    let missed = '';
    try {
      const log = await this.changes.since(after);
      at = log.now;
      opened = { resumed: log.missed !== undefined };
      for (const change of log.missed ?? []) if (hears(listener, change.userId)) missed += changeText(change.message, change.at);
    } catch (err) {
      // the page reads its orders again; the changes from now on still come
      this.log.debug({ err }, 'the log of order changes is unavailable; the stream starts afresh');
    }
    const heard = listener.pending ?? [];
    listener.pending = undefined;
    if (!this.listeners.has(listener)) return;
    const start = `event: ${ORDER_STREAM_OPENED_EVENT}\n${at ? `id: ${at}\n` : ''}data: ${JSON.stringify(opened)}\n\n`;
    listener.res.write(missed + start + heard.join(''));
  }

  async publish({ id, occurredAt, payload }: OrderStatusChanged): Promise<void> {
    const message: OrderStreamMessage = {
      orderId: payload.orderId,
      status: payload.status,
      at: occurredAt,
      by: payload.by,
      ...(payload.previous && { previous: payload.previous }),
    };
    let at: string | undefined;
    try {
      at = await this.changes.position(id, payload.userId, message);
    } catch (err) {
      // sent all the same, without a position: a stream that reconnects after it reads its orders again
      this.log.debug({ err }, 'the log of order changes is unavailable; a change goes out without its position');
    }
    const text = changeText(message, at);
    for (const listener of this.listeners)
      if (hears(listener, payload.userId)) {
        if (listener.pending) listener.pending.push(text);
        else listener.res.write(text);
      }
  }

  /** role-changed: the account's streams opened with another role end (an admin's that became a
   *  shopper's no longer hears every order; a shopper made admin reconnects to hear them). */
  roleChanged(email: string, role: Role): void {
    const account = email.toLowerCase();
    for (const listener of this.listeners) if (listener.email === account && listener.role !== role) this.end(listener, 'role changed');
  }

  /** user-deleted: every stream of the account ends (a new one is refused at the gateway). */
  accountDeleted(email: string): void {
    const account = email.toLowerCase();
    for (const listener of this.listeners) if (listener.email === account) this.end(listener, 'account deleted');
  }

  /** How many streams this replica holds (for tests and logs). */
  get size(): number {
    return this.listeners.size;
  }

  /** Ends every stream (the process is stopping; browsers reconnect to another replica). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const listener of this.listeners) this.end(listener, 'stopping');
  }

  private end(listener: Listener, why: StreamEnd): void {
    if (!this.listeners.delete(listener)) return;
    clearTimeout(listener.expiry);
    if (why !== 'stopping') this.log.info({ userId: listener.userId, why }, 'order stream ended');
    listener.res.end(`: ends: ${why}\n\n`);
  }

  /** Keeps every stream open, after checking its rights again: the identity's expiry (its timer
   *  could only be late), and whether the account was deleted meanwhile. */
  private async beat(): Promise<void> {
    const now = Date.now();
    const open: Listener[] = [];
    for (const listener of this.listeners) {
      if (listener.expiresAt <= now) this.end(listener, 'identity expired');
      else open.push(listener);
    }
    if (open.length > 0) {
      const accounts = [...new Set(open.map((listener) => listener.userId))];
      try {
        const batch = this.redis.pipeline();
        for (const account of accounts) batch.exists(revokedAccountKey(account));
        const answers = (await batch.exec()) ?? [];
        const revoked = new Set(accounts.filter((_, index) => answers[index]?.[1] === 1));
        for (const listener of open) if (revoked.has(listener.userId)) this.end(listener, 'account deleted');
      } catch (err) {
        // the identity's expiry still ends every stream within a minute
        this.log.debug({ err }, 'revocations unavailable; streams checked for expiry only');
      }
    }
    for (const { res } of this.listeners) res.write(': still here\n\n');
  }
}

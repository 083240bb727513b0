// The log of order changes a reconnecting live stream catches up from (issue 53), on the stack's
// Redis under a key of the test's own: every replica that logs a change is told the same position,
// a position is answered with the changes after it (and those of the two seconds before, which the
// pages take as nothing), and a position the log cannot vouch for (older than it keeps, from the
// future, from before it began, too many changes since) with none: the page reads its orders again.
import { randomUUID } from 'node:crypto';
import type { OrderStreamMessage } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { createRedis } from '@bazar/service-kit/redis';
import { eventually, stackEnv } from '@bazar/testing';
import { MOST_CAUGHT_UP, OrderChangeLog, comparePositions } from './order-change-log';

const logger = createLogger('order-change-log-test', 'silent');
const redis = createRedis(stackEnv.redisUrl, logger);
const key = `{orders-live-test-${randomUUID()}}:log`;
const changes = new OrderChangeLog(redis, logger, { key });

beforeAll(() => eventually(async () => expect(await redis.ping()).toBe('PONG')));
afterAll(async () => {
  const keys = await redis.keys(`${key}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

let orders = 0;
const change = (): OrderStreamMessage => ({
  orderId: (++orders).toString(16).padStart(24, '0'),
  status: 'confirmed',
  at: new Date().toISOString(),
  by: 'admin',
  previous: 'placed',
});
const positionsOf = (missed: { at: string }[] | undefined) => missed?.map((entry) => entry.at);

test('positions compare as Redis orders them', () => {
  expect(comparePositions('1-0', '1-1')).toBeLessThan(0);
  expect(comparePositions('10-0', '9-5')).toBeGreaterThan(0);
  expect(comparePositions('1733550000000-12', '1733550000001-0')).toBeLessThan(0);
  expect(comparePositions('5-5', '5-5')).toBe(0);
});

test('a change has one position however many replicas log it, and the next change a later one', async () => {
  const eventId = randomUUID();
  const message = change();
  const [first, second] = await Promise.all([changes.position(eventId, 'u-1', message), changes.position(eventId, 'u-1', message)]);
  expect(first).toBe(second);
  expect(comparePositions(await changes.position(randomUUID(), 'u-2', change()), first)).toBeGreaterThan(0);
});

test('a position is answered with the changes after it, or with none when the log cannot vouch for it', async () => {
  // a log of its own that keeps changes 5 s, and so vouches for positions 4.5 s old at most
  const other = new OrderChangeLog(redis, logger, { key: `${key}-2`, keepMs: 5_000 });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // before anything was logged: a first stream, and a position of an earlier log
  expect(await other.since(undefined)).toEqual({ now: '0-0', missed: undefined });
  expect((await other.since('1-0')).missed).toBeUndefined();

  const early = await other.position(randomUUID(), 'u-1', change());
  await sleep(2_100);
  const middleMessage = change();
  const middle = await other.position(randomUUID(), 'u-2', middleMessage);
  const late = await other.position(randomUUID(), 'u-1', change());

  const afterMiddle = await other.since(middle);
  expect(afterMiddle.now).toBe(late);
  // the two seconds before the position are sent again (the page skips what it heard), not earlier
  expect(positionsOf(afterMiddle.missed)).toEqual([middle, late]);
  expect(afterMiddle.missed?.[0]).toEqual({ at: middle, userId: 'u-2', message: middleMessage });
  expect(positionsOf((await other.since(late)).missed)).toEqual([middle, late]);
  expect(positionsOf((await other.since(early)).missed)).toEqual([early, middle, late]);
  // from before the log began, or from the future
  expect((await other.since('1-0')).missed).toBeUndefined();
  expect((await other.since('99999999999999-0')).missed).toBeUndefined();

  // older than the log vouches for
  await sleep(2_600);
  expect((await other.since(early)).missed).toBeUndefined();
  expect(positionsOf((await other.since(late)).missed)).toEqual([middle, late]);

  // more changes since than are sent one by one: the page reads its orders again
  for (let n = 0; n < MOST_CAUGHT_UP + 1; n++) await other.position(randomUUID(), 'u-3', change());
  expect((await other.since(late)).missed).toBeUndefined();

  // the log started afresh (Redis emptied): nothing from before it is vouched for
  await redis.del(`${key}-2`, `${key}-2:begun`);
  const anew = await other.position(randomUUID(), 'u-1', change());
  expect((await other.since(late)).missed).toBeUndefined();
  expect(positionsOf((await other.since(anew)).missed)).toEqual([anew]);
});

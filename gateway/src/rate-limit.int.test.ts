// Rate limits of the running gateway, shared through Redis. Each test speaks from its own address
// (nginx sets X-Forwarded-For), so other tests sharing the gateway are not counted with it.
import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '@bazar/service-kit';
import { createRedis, type Redis } from '@bazar/service-kit/redis';
import { eventually, gatewayCall as call, newShopper, stackEnv, withinOneMinute } from '@bazar/testing';
import { SharedBudget, minuteCountsKey } from './limits/rate-limit';

const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

it('limits writes per address: 429 with Retry-After once the minute’s 300 are spent', async () => {
  const from = { 'x-forwarded-for': address() };
  const statuses = [];
  await withinOneMinute();
  for (let i = 0; i < 301; i++) statuses.push((await call('POST', '/review', undefined, {}, from)).status);
  expect(statuses.slice(0, 300).every((s) => s === 401)).toBe(true);
  const refused = await call('POST', '/review', undefined, {}, from);
  expect(statuses[300]).toBe(429);
  expect(refused).toMatchObject({ status: 429, body: { error: 'Too many requests; try again shortly', code: 'too-many-requests' } });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  // reads from the same address still have budget left
  expect((await call('GET', '/alloffers', undefined, undefined, from)).status).toBe(200);
});

it('limits writes per signed-in user to 60 a minute, whatever address they come from', async () => {
  const shopper = await newShopper('busy');
  const statuses = [];
  await withinOneMinute();
  for (let i = 0; i < 61; i++) statuses.push((await call('POST', '/review', shopper.token, {}, { 'x-forwarded-for': address() })).status);
  expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
  expect(statuses[60]).toBe(429);
  expect((await call('GET', '/myorders', shopper.token, undefined, { 'x-forwarded-for': address() })).status).toBe(200);
});

describe('a budget shared by gateway replicas', () => {
  const log = createLogger('rate-limit-test', 'silent');
  /** past the time two replicas take to settle their counts with Redis (every 100 ms) */
  const settled = () => sleep(400);
  /** Until Redis holds `count` for `key` in this minute's budget. The budgets settle on the same
   *  connection as this read, whose answers come in order, so by then the settle that wrote it has
   *  had its answer too, and has taken the total in once the turn of the event loop is over. A fixed
   *  wait was not enough on a busy CI machine: a settle still on its way left a replica unaware. */
  const heldInRedis = async (redis: Redis, prefix: string, key: string, count: number) => {
    await eventually(async () => expect(await redis.hget(minuteCountsKey(prefix), key)).toBe(String(count)), 10_000, 20);
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** spends of `budget` until it refuses, at most `atMost`; answers how many were let through */
  const spendUntilRefused = (budget: SharedBudget, key: string, atMost: number) => {
    let through = 0;
    while (through < atMost && budget.spend(key) === undefined) through++;
    return through;
  };
  beforeEach(withinOneMinute);

  it('counts what every replica let through: a second replica gets only what the first left', async () => {
    const redis = createRedis(stackEnv.redisUrl, log);
    try {
      const prefix = `gateway:rl:test-${randomUUID()}`;
      const [first, second] = [new SharedBudget(redis, prefix, 100, log), new SharedBudget(redis, prefix, 100, log)];
      expect(spendUntilRefused(first, 'shopper', 60)).toBe(60);
      await heldInRedis(redis, prefix, 'shopper', 60);
      expect(second.spend('shopper')).toBeUndefined(); // not yet heard of the first's 60
      await heldInRedis(redis, prefix, 'shopper', 61);
      expect(spendUntilRefused(second, 'shopper', 100)).toBe(39);
      const wait = second.spend('shopper');
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);
      // a replica hears of the others' requests when it settles its own: its next one still goes
      // through, then it has heard of the second's 40
      expect(first.spend('shopper')).toBeUndefined();
      await heldInRedis(redis, prefix, 'shopper', 101);
      expect(first.spend('shopper')).toBeGreaterThan(0);
      expect(first.spend('another shopper')).toBeUndefined();
      await Promise.all([first.stop(), second.stop()]);
    } finally {
      redis.disconnect();
    }
  });

  it('lets a spent key through again once its count is cleared in Redis, without refusing it first', async () => {
    const redis = createRedis(stackEnv.redisUrl, log);
    try {
      const prefix = `gateway:rl:test-${randomUUID()}`;
      const budget = new SharedBudget(redis, prefix, 10, log);
      expect(spendUntilRefused(budget, 'shopper', 20)).toBe(10);
      await heldInRedis(redis, prefix, 'shopper', 10);
      await redis.del(minuteCountsKey(prefix));
      // the spent key is settled again (adding nothing) and hears the count is gone
      await heldInRedis(redis, prefix, 'shopper', 0);
      expect(budget.spend('shopper')).toBeUndefined();
      await budget.stop();
    } finally {
      redis.disconnect();
    }
  });

  it('keeps counting on its own when Redis cannot be reached', async () => {
    const unreachable = createRedis('redis://127.0.0.1:9', log);
    try {
      const budget = new SharedBudget(unreachable, `gateway:rl:test-${randomUUID()}`, 50, log);
      expect(spendUntilRefused(budget, 'shopper', 50)).toBe(50);
      await settled();
      expect(budget.spend('shopper')).toBeGreaterThan(0);
      await budget.stop();
    } finally {
      unreachable.disconnect();
    }
  });
});

// Leases in the stack's Redis: one holder of a lease at a time among the replicas that share it, and
// none shared between processes of one service on databases of their own (a test's or a bench's
// replica must not keep the service's own replicas from their sweeps).
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@bazar/testing';
import { Leases } from './leases';
import { createLogger } from './logger';
import { createRedis } from './redis';

const log = createLogger('leases-test', 'silent');
const redis = createRedis(stackEnv.redisUrl, log);
// a lease asked for while Redis is not reached is held by everyone (leases.ts): only a reached one tells
beforeAll(() => new Promise((resolve) => redis.once('ready', resolve)));
afterAll(() => redis.quit());

it('gives a lease to one replica of a service and database at a time, and one to each database', async () => {
  const job = `sweep ${randomUUID()}`;
  const [first, second] = [
    new Leases(redis, { service: 'order', database: 'order' }, log),
    new Leases(redis, { service: 'order', database: 'order' }, log),
  ];
  const elsewhere = new Leases(redis, { service: 'order', database: 'order_bench' }, log);
  expect(await first.hold(job, 5_000)).toBe(true);
  expect(await second.hold(job, 5_000)).toBe(false);
  expect(await first.hold(job, 5_000)).toBe(true); // renewed by its holder
  expect(await elsewhere.hold(job, 5_000)).toBe(true);
});

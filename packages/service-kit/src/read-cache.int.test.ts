// The read cache on the stack's Redis: revised entries written through by a writer are never
// replaced by an older revision (a read that loaded before the change), and a clear() between a
// read's load and its store keeps the loaded answer out.
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@bazar/testing';
import { createLogger } from './logger';
import { ReadCache, createRedis } from './redis';

const log = createLogger('read-cache-test', 'silent');
const redis = createRedis(stackEnv.redisUrl, log);
const cache = new ReadCache(redis, log, `read-cache-test-${randomUUID().slice(0, 8)}`);
beforeAll(() => new Promise((resolve) => redis.once('ready', resolve)));
afterAll(() => redis.quit());

const loader = (answers: Record<string, { revision: number; json: string }>) => {
  const asked: string[][] = [];
  const load = async (missing: string[]) => {
    asked.push(missing);
    return new Map(missing.flatMap((key) => (answers[key] ? [[key, answers[key]] as const] : [])));
  };
  return { load, asked };
};

it('loads what is missing once, then answers from the cache; an unknown record stays absent', async () => {
  const { load, asked } = loader({ a: { revision: 1, json: '"a1"' } });
  expect(await cache.readRevised(['a', 'b'], 60, load)).toEqual(new Map([['a', '"a1"']]));
  expect(await cache.readRevised(['a', 'b'], 60, load)).toEqual(new Map([['a', '"a1"']]));
  expect(asked).toEqual([['a', 'b'], ['b']]);
});

it('keeps a written-through revision against an older one loaded before the change', async () => {
  await cache.storeRevised('c', { revision: 5, json: '"c5"' }, 60);
  await cache.storeRevised('c', { revision: 4, json: '"c4"' }, 60);
  await cache.storeRevised('c', { revision: 5, json: '"c5 again"' }, 60);
  expect(await cache.readRevised(['c'], 60, loader({}).load)).toEqual(new Map([['c', '"c5"']]));
  await cache.storeRevised('c', { revision: 6, json: '"c6"' }, 60);
  expect(await cache.readRevised(['c'], 60, loader({}).load)).toEqual(new Map([['c', '"c6"']]));
});

it('does not store an answer loaded before a clear', async () => {
  const slow = async (missing: string[]) => {
    await cache.clear(); // the change lands while the read is loading
    return new Map(missing.map((key) => [key, { revision: 1, json: '"before the clear"' }] as const));
  };
  expect(await cache.readRevised(['d'], 60, slow)).toEqual(new Map([['d', '"before the clear"']]));
  const { load, asked } = loader({ d: { revision: 2, json: '"after"' } });
  expect(await cache.readRevised(['d'], 60, load)).toEqual(new Map([['d', '"after"']]));
  expect(asked).toEqual([['d']]);
});

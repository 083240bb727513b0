// The read cache on the stack's Redis: revised entries written through by a writer are never
// replaced by an older revision (a read that loaded before the change), and a clear() between a
// read's load and its store keeps the loaded answer out; what a process put together from entries is
// answered again only while no entry was stored and nothing cleared since.
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

describe('answers put together from entries', () => {
  /** A list of the entries `keys`, counting how often it was put together. */
  const listOf = (keys: string[]) => {
    let assembled = 0;
    const assemble = async () => {
      assembled += 1;
      const answers = await cache.readRevised(keys, 60, loader({}).load);
      return keys.map((key) => answers.get(key) ?? null).join(',');
    };
    return { read: () => cache.assembled(`list-${keys.join('-')}`, assemble), times: () => assembled };
  };

  it('are answered again while nothing changed, and put together again after a write-through', async () => {
    await cache.storeRevised('e', { revision: 1, json: '"e1"' }, 60);
    const list = listOf(['e', 'f']);
    expect(await list.read()).toBe('"e1",');
    expect(await list.read()).toBe('"e1",');
    expect(list.times()).toBe(1);
    await cache.storeRevised('f', { revision: 1, json: '"f1"' }, 60);
    expect(await list.read()).toBe('"e1","f1"');
    await cache.storeRevised('e', { revision: 2, json: '"e2"' }, 60);
    expect(await list.read()).toBe('"e2","f1"');
    expect(list.times()).toBe(3);
  });

  it('are put together again after a clear, and after an entry loaded into the cache', async () => {
    const list = listOf(['g']);
    expect(await list.read()).toBe('');
    await cache.clear();
    await list.read();
    expect(list.times()).toBe(2);
    // another process loads g from the database, where a writer changed it without reaching Redis
    await cache.readRevised(['g'], 60, loader({ g: { revision: 3, json: '"g3"' } }).load);
    expect(await list.read()).toBe('"g3"');
    expect(list.times()).toBe(3);
  });

  it('are asked of Redis and put together once for reads that arrive together, each still seeing a change made before it', async () => {
    await cache.storeRevised('h', { revision: 1, json: '"h1"' }, 60);
    const list = listOf(['h']);
    await list.read();
    const stampReads = jest.spyOn(redis, 'mget');
    try {
      expect(await Promise.all(Array.from({ length: 50 }, list.read))).toEqual(Array(50).fill('"h1"'));
      expect(stampReads).toHaveBeenCalledTimes(1);
      await cache.storeRevised('h', { revision: 2, json: '"h2"' }, 60);
      expect(await Promise.all([list.read(), list.read()])).toEqual(['"h2"', '"h2"']);
      expect(stampReads).toHaveBeenCalledTimes(2);
      expect(list.times()).toBe(2);
    } finally {
      stampReads.mockRestore();
    }
  });

  it('are not kept while Redis cannot say whether anything changed', async () => {
    const nowhere = createRedis('redis://127.0.0.1:1', log);
    const away = new ReadCache(nowhere, log, 'read-cache-test-away');
    let assembled = 0;
    const assemble = async () => ++assembled;
    expect(await away.assembled('x', assemble)).toBe(1);
    expect(await away.assembled('x', assemble)).toBe(2);
    nowhere.disconnect();
  });
});

// A part a deployable does not take is not loaded by it: its main module is started with no
// settings (so it stops at its configuration, before connecting to anything), and the packages
// its imports brought in are read from the module cache as it exits.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ServiceEnv } from './config';
import type { RedisPart } from './parts';
import { createService, type ServiceContext } from './service';

const ROOT = path.resolve(__dirname, '../../..');

const LIST_PACKAGES_AT_EXIT = `
process.on('exit', () => {
  const names = new Set();
  for (const file of Object.keys(require.cache)) {
    const found = /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)[\\\\/]/.exec(file);
    if (found) names.add(found[1]);
  }
  process.stderr.write('\\nPACKAGES ' + JSON.stringify([...names]) + '\\n');
});
require(process.argv[1]);
`;

/** The packages `main` (a deployable's src/main.ts) loads, the kit and contracts from their sources. */
function packagesLoadedBy(main: string): string[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', LIST_PACKAGES_AT_EXIT, path.join(ROOT, main)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.test.json') },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const listed = /^PACKAGES (.*)$/m.exec(run.stderr);
  if (!listed) throw new Error(`${main} did not list its packages:\n${run.stderr}`);
  // it stopped where it should: at its configuration
  expect(run.stderr).toContain('Invalid configuration');
  return JSON.parse(listed[1]!) as string[];
}

test('the renderer loads neither the database, Redis nor Kafka', () => {
  const loaded = packagesLoadedBy('renderer/src/main.ts');
  expect(loaded).toContain('express');
  for (const unused of ['mongoose', 'mongodb', 'ioredis', '@platformatic/kafka']) expect(loaded).not.toContain(unused);
});

test('media loads the database and Redis, not Kafka', () => {
  const loaded = packagesLoadedBy('services/media/src/main.ts');
  expect(loaded).toEqual(expect.arrayContaining(['mongoose', 'ioredis']));
  expect(loaded).not.toContain('@platformatic/kafka');
});

test('a service taking every part loads them all', () => {
  expect(packagesLoadedBy('services/catalog/src/main.ts')).toEqual(expect.arrayContaining(['mongoose', 'ioredis', '@platformatic/kafka']));
});

test('a context has what the parts taken give, and a config the settings they read', () => {
  // checked by the compiler (tsconfig.test.json); none of these services is started
  const withNoParts = (context: ServiceContext<unknown, never>) => {
    // @ts-expect-error a service that took no Redis has no client of it
    void context.redis;
    // @ts-expect-error nor a producer
    void context.producer;
  };
  const withRedis = (context: ServiceContext<unknown, 'redis'>) => void context.redis;
  createService({ name: 'renderer', parts: {}, config: ServiceEnv, wire: () => ({ routes: [] }) });
  // @ts-expect-error taking Redis, the config must read REDIS_URL
  createService({ name: 'media', parts: { redis: { part: 'redis' } as RedisPart }, config: ServiceEnv, wire: () => ({ routes: [] }) });
  expect([withNoParts, withRedis]).toHaveLength(2);
});

// A part a deployable does not take is not loaded by it: its main module is started with no
// settings (so it stops at its configuration, before connecting to anything), and the packages
// its imports brought in are read from the module cache as it exits.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

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
  for (const unused of ['mongoose', 'mongodb', 'ioredis', 'kafkajs']) expect(loaded).not.toContain(unused);
});

test('media loads the database and Redis, not Kafka', () => {
  const loaded = packagesLoadedBy('services/media/src/main.ts');
  expect(loaded).toEqual(expect.arrayContaining(['mongoose', 'ioredis']));
  expect(loaded).not.toContain('kafkajs');
});

test('a service taking every part loads them all', () => {
  expect(packagesLoadedBy('services/catalog/src/main.ts')).toEqual(expect.arrayContaining(['mongoose', 'ioredis', 'kafkajs']));
});

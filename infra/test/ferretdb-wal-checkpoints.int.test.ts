// The local FerretDB copies each database's write-ahead log into the database file from the
// background, every 250 ms, instead of at the commit that takes the log past 1,000 pages
// (infra/ferretdb/patches/08-wal-checkpoints.patch): so what was written reaches the file
// soon after, with nothing written after it, while SQLite alone would keep those pages in the log
// until more commits came. With MongoDB in FerretDB's place (BAZAR_STACK=containers) there are no
// such files, and this is skipped.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { stackPath } from '../stack/paths.ts';

const DATA = stackPath('data', 'ferretdb');
const dbName = `ferretdb_wal_${randomUUID().slice(0, 8)}`;
const database = mongoose.createConnection(stackEnv.mongoUrl, { dbName, socketTimeoutMS: 30_000 });
const notes = database.collection<{ _id: string; text?: string }>('notes');
const sizeOf = async (file: string) => (await stat(file)).size;

afterAll(async () => {
  await database.dropDatabase();
  await database.close();
});

(existsSync(DATA) ? it : it.skip)('copies what was written into the database file within seconds, with nothing written after', async () => {
  await notes.insertOne({ _id: 'first' });
  const file = `${DATA}/${dbName}.sqlite`;
  await sleep(1_000);
  const before = await sizeOf(file);

  // about 2 MB in one command: half of what makes SQLite's own checkpoint copy the log at a commit
  await notes.insertMany(Array.from({ length: 2_000 }, (_, n) => ({ _id: `note-${n}`, text: 'x'.repeat(1_000) })));

  let after = before;
  for (let waited = 0; waited < 10_000 && after < before + 2_000_000; waited += 250) {
    await sleep(250);
    after = await sizeOf(file);
  }
  expect(after).toBeGreaterThanOrEqual(before + 2_000_000);
  expect(await notes.countDocuments()).toBe(2_001);
});

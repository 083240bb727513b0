// readGently on the stack's database: however its reader leaves the read, the cursor is closed on
// the database too. mongoose's query cursor has no return(), so a `for await` over it left early
// never closed it, and the database kept it open for as long as the service's connection lived: on
// the local database each such cursor holds one of its database's 100 connections, and once they
// were all held every query of that database waited for good.
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { readGently } from './mongo';

const dbName = `kit_gently_${randomUUID().slice(0, 8)}`;
const connection = mongoose.createConnection(stackEnv.mongoUrl, { dbName });
const Shelf = connection.model('GentlyReadShelf', new mongoose.Schema({ position: Number }), 'shelves');
/** More than a batch: after the first, the cursor is still open on the database. */
const SHELVES = 250;

/** The cursors the database holds open on this test's database: the local database counts those it
 *  made and those it closed in its metrics, MongoDB lists its idle ones in `$currentOp`. */
async function openCursors(): Promise<number> {
  const metrics = await fetch(stackEnv.databaseMetricsUrl).catch(() => undefined);
  if (metrics?.ok) {
    const text = await metrics.text();
    const sum = (name: string) =>
      [...text.matchAll(new RegExp(`^ferretdb_cursors_${name}\\{([^}]*)\\} (\\S+)$`, 'gm'))]
        .filter(([, labels]) => labels!.includes(`db="${dbName}"`))
        .reduce((total, [, , count]) => total + Number(count), 0);
    return sum('created_total') - sum('duration_seconds_count');
  }
  const idle = await connection
    .getClient()
    .db('admin')
    .aggregate([{ $currentOp: { idleCursors: true } }, { $match: { type: 'idleCursor', ns: { $regex: `^${dbName}\\.` } } }])
    .toArray();
  return idle.length;
}

const noPause = async () => undefined;

beforeAll(async () => {
  await Shelf.insertMany(Array.from({ length: SHELVES }, (_, position) => ({ position })));
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

it('reads every document, and leaves no cursor open', async () => {
  const before = await openCursors();
  let read = 0;
  for await (const _ of readGently(Shelf.find().lean(), noPause)) read += 1;
  expect(read).toBe(SHELVES);
  expect(await openCursors()).toBe(before);
});

it.each([
  [
    'a break',
    async () => {
      for await (const _ of readGently(Shelf.find().lean(), noPause)) break;
    },
  ],
  [
    'a throw',
    async () => {
      for await (const _ of readGently(Shelf.find().lean(), noPause)) throw new Error('the reader failed');
    },
  ],
  [
    'a return after the first batch',
    async () => {
      let read = 0;
      for await (const _ of readGently(Shelf.find().lean(), noPause)) if (++read > 150) return;
    },
  ],
])('leaves no cursor open on the database when its reader leaves by %s', async (_, read) => {
  const before = await openCursors();
  await read().catch(() => undefined);
  expect(await openCursors()).toBe(before);
});

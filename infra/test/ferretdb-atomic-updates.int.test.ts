// The local FerretDB keeps every single-document update whole, as MongoDB does, even when the updates
// come over many connections at once (infra/ferretdb/patches/04-atomic-updates.patch; before, 100
// concurrent `$inc` of one document kept about 10 and two conditional decrements could both pass),
// and an update command of hundreds of statements completes (05-update-statements-close.patch: it
// held a database connection per statement until the command ended, and with all 100 taken waited
// for one for good).
import { randomUUID } from 'node:crypto';
import { testDatabase } from './ferretdb-test-database.ts';

const counters = testDatabase({ maxPoolSize: 20 }).collection<{ _id: string; n: number }>('counters');

it('counts every one of 100 increments sent at once over a pool of 20 connections', async () => {
  const _id = randomUUID();
  await counters.insertOne({ _id, n: 0 });
  await Promise.all(Array.from({ length: 100 }, () => counters.updateOne({ _id }, { $inc: { n: 1 } })));
  expect((await counters.findOne({ _id }))?.n).toBe(100);
});

it('lets only as many conditional decrements pass as there is left', async () => {
  const _id = randomUUID();
  await counters.insertOne({ _id, n: 10 });
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => counters.findOneAndUpdate({ _id, n: { $gte: 1 } }, { $inc: { n: -1 } })),
  );
  expect(answers.filter(Boolean)).toHaveLength(10);
  expect((await counters.findOne({ _id }))?.n).toBe(0);
});

it('completes one update command of 300 statements, as the outbox relay sends its marks after a backlog', async () => {
  const batch = randomUUID();
  const ids = Array.from({ length: 300 }, (_, n) => `${batch}-${n}`);
  await counters.insertMany(ids.map((_id) => ({ _id, n: 0 })));
  const written = await counters.bulkWrite(
    ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $inc: { n: 1 } } } })),
    { ordered: false },
  );
  expect(written.modifiedCount).toBe(300);
  // and the collection takes other updates afterwards
  expect((await counters.updateOne({ _id: ids[0]! }, { $inc: { n: 1 } })).modifiedCount).toBe(1);
  expect(await counters.countDocuments({ _id: { $in: ids }, n: { $gte: 1 } })).toBe(300);
});

// The local FerretDB keeps every single-document update whole, as MongoDB does, even when the updates
// come over many connections at once (infra/bin/install.mjs patches it to; before, 100 concurrent
// `$inc` of one document kept about 10 and two conditional decrements could both pass).
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';

const database = mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'ferretdb_test', maxPoolSize: 20 });
const counters = database.collection<{ _id: string; n: number }>('counters');

afterAll(async () => {
  await counters.deleteMany({});
  await database.close();
});

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

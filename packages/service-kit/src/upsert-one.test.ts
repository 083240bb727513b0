// upsertOne's handling of a duplicate key, which a racing upsert causes on MongoDB (the local
// database runs each upsert in one transaction, so the stack never shows it): the write is made once more without
// `upsert`. A stand-in for the model answers as MongoDB would; the database itself is not the subject.
import type { Model } from 'mongoose';
import { upsertOne } from './mongo';

type UpdateAnswer = { matchedCount: number; upsertedCount: number };
const duplicateKey = Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });

/** A model whose `updateOne` gives these answers in turn (an Error is thrown), and what it was asked. */
function modelAnswering(...answers: (UpdateAnswer | Error)[]) {
  const calls: unknown[][] = [];
  const model = {
    updateOne: (...args: unknown[]) => {
      calls.push(args);
      const answer = answers.shift();
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { model: model as unknown as Model<unknown>, calls };
}

const filter = { _id: 'shopper-1', 'open.2': { $exists: false } };
const update = { $addToSet: { open: 'order-1' } };

it('writes once when the upsert finds or makes its document', async () => {
  const { model, calls } = modelAnswering({ matchedCount: 0, upsertedCount: 1 });
  expect(await upsertOne(model, filter, update)).toBe(true);
  expect(calls).toEqual([[filter, update, { upsert: true }]]);
});

it('after a duplicate key, makes the write without upsert, on the document a racing upsert made', async () => {
  const { model, calls } = modelAnswering(duplicateKey, { matchedCount: 1, upsertedCount: 0 });
  expect(await upsertOne(model, filter, update)).toBe(true);
  expect(calls).toEqual([
    [filter, update, { upsert: true }],
    [filter, update],
  ]);
});

it('after a duplicate key, leaves a document the filter excludes as it is, and says so', async () => {
  const { model } = modelAnswering(duplicateKey, { matchedCount: 0, upsertedCount: 0 });
  expect(await upsertOne(model, filter, update)).toBe(false);
});

it('lets any other failure through', async () => {
  const away = new Error('connection closed');
  const { model, calls } = modelAnswering(away);
  await expect(upsertOne(model, filter, update)).rejects.toBe(away);
  expect(calls).toHaveLength(1);
});

// `$push` with `$slice` keeps only the entries it names, as MongoDB does: the local FerretDB ignored
// `$slice` (infra/ferretdb/patches/03-push-slice.patch), so an array meant to keep the last few
// entries (a product's recent stock events, a cart's recent orders) grew by one per order for good.
import { testDatabase } from './ferretdb-test-database.ts';

const recent = testDatabase().collection<{ _id: string; entries: number[] }>('push_slice');

it('keeps the last entries with a negative $slice, the first with a positive one', async () => {
  await recent.insertMany([
    { _id: 'last', entries: [1, 2] },
    { _id: 'first', entries: [1, 2] },
  ]);
  for (const entry of [3, 4, 5]) {
    await recent.updateOne({ _id: 'last' }, { $push: { entries: { $each: [entry], $slice: -3 } } });
    await recent.updateOne({ _id: 'first' }, { $push: { entries: { $each: [entry], $slice: 3 } } });
  }
  expect((await recent.findOne({ _id: 'last' }))?.entries).toEqual([3, 4, 5]);
  expect((await recent.findOne({ _id: 'first' }))?.entries).toEqual([1, 2, 3]);
});

it('pushes several entries at once and trims them to the slice', async () => {
  await recent.insertOne({ _id: 'several', entries: [] });
  await recent.updateOne({ _id: 'several' }, { $push: { entries: { $each: [1, 2, 3, 4, 5, 6], $slice: -2 } } });
  expect((await recent.findOne({ _id: 'several' }))?.entries).toEqual([5, 6]);
});

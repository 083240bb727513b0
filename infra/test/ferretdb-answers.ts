// What the FerretDB pushdown tests hold a query's answers to: MongoDB's, worked out in the test from
// the documents themselves.
import type { Collection, Document, Filter, WithId } from 'mongodb';
import type mongoose from 'mongoose';

/** Each page of `filter` newest first (`{ createdAt: -1, _id: -1 }`, skip and limit as `pages` say),
 *  its countDocuments and its `$count` are those of `expected`, the matching documents newest first. */
export async function expectPagesAndCounts<T extends Document & { _id: mongoose.Types.ObjectId }>(
  collection: Collection<T>,
  filter: Filter<T>,
  expected: T[],
  pages: [skip: number, limit: number][],
): Promise<void> {
  const ids = (found: (T | WithId<T>)[]) => found.map((doc) => doc._id.toHexString());
  for (const [skip, limit] of pages) {
    const page = await collection.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray();
    expect({ skip, limit, page: ids(page) }).toEqual({ skip, limit, page: ids(expected.slice(skip, limit ? skip + limit : undefined)) });
  }
  expect(await collection.countDocuments(filter)).toBe(expected.length);
  const counted = await collection.aggregate([{ $match: filter }, { $count: 'n' }]).toArray();
  expect(counted).toEqual(expected.length ? [{ n: expected.length }] : []);
}

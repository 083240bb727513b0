// What the FerretDB pushdown tests hold a query's answers to: MongoDB's, worked out in the test from
// the documents themselves.
import type { Collection, Document, Filter, WithId } from 'mongodb';
import mongoose from 'mongoose';

/** An order as the admin's list reads it; each field may hold any type, as a stored order's may. */
export interface Order {
  _id: mongoose.Types.ObjectId;
  status?: unknown;
  createdAt?: unknown;
  searchText?: unknown;
}

/** An order's ObjectID from a small number, so the tests' orders sort by it as they are numbered. */
export const id = (n: number) => new mongoose.Types.ObjectId(n.toString(16).padStart(24, '0'));
/** A moment `hours` after the tests' day began (1 December 2026, 10:00 UTC). */
export const at = (hours: number) => new Date(Date.UTC(2026, 11, 1, 10) + hours * 3_600_000);

// MongoDB's order of the values here: missing and null, numbers, strings, dates
const rank = (value: unknown) =>
  value === undefined || value === null ? 0 : typeof value === 'number' ? 1 : typeof value === 'string' ? 2 : 3;
function compare(a: unknown, b: unknown): number {
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return 0;
}
/** MongoDB's sort `{ createdAt: -1, _id: -1 }`, the admin's order list's. */
export const newestFirst = (
  a: { _id: mongoose.Types.ObjectId; createdAt?: unknown },
  b: { _id: mongoose.Types.ObjectId; createdAt?: unknown },
) => compare(b.createdAt, a.createdAt) || b._id.toHexString().localeCompare(a._id.toHexString());

/** A filter as the shell writes it, for the tests' names. */
const shown = (filter: object) => JSON.stringify(filter, (_key, value: unknown) => (value instanceof RegExp ? String(value) : value));
/** Filters with their names, for `it.each`. */
export const named = <F extends object>(filters: F[]) => filters.map((filter) => [shown(filter), filter] as const);

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

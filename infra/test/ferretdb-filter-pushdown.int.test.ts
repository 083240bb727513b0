// The local FerretDB hands SQLite the conditions of a filter it can state safely
// (infra/ferretdb/patches/02-filter-pushdown.patch), so the services' background sweeps no longer
// read and decode a whole collection. A condition stated in SQL must never lose a document the filter matches: each
// filter below is answered exactly as MongoDB answers it, over documents shaped to trip a careless
// translation (arrays whose elements match, a document under a dotted path, `'false'` against false,
// numbers against booleans, a Bangla string), with the fields indexed as the services index them.
import type { Filter } from 'mongodb';
import { explainFind, seed, testDatabase } from './ferretdb-test-database.ts';

interface Shaped {
  _id: string;
  [field: string]: unknown;
}
const shelf = testDatabase().collection<Shaped>('pushdown');

const DOCUMENTS: Shaped[] = [
  { _id: 'a', state: 'reserving', settled: true, outboxPending: ['e1'] },
  { _id: 'b', state: 'released', settled: true, outboxPending: [] },
  { _id: 'c', state: ['released', 'reserving'], settled: false },
  { _id: 'd', settled: 'false', outboxPending: { 0: 'e2' } },
  { _id: 'e', state: 'released', settled: true, outboxPending: [{ other: 1 }] },
  { _id: 'f', state: null, outboxPending: null },
  { _id: 'g', state: 'Released', settled: [true] },
  { _id: 'h', state: 'released', settled: 1 },
  { _id: 'i' },
  { _id: 'j', state: 'রিলিজড', outboxPending: [null] },
  { _id: 'k', state: { nested: 'released' }, settled: false },
];

const ANSWERS: [Filter<Shaped>, string[]][] = [
  [{ state: 'released' }, ['b', 'c', 'e', 'h']],
  [{ state: { $eq: 'released' } }, ['b', 'c', 'e', 'h']],
  [{ state: { $in: ['reserving', 'releasing'] } }, ['a', 'c']],
  [{ $or: [{ state: { $in: ['reserving', 'releasing'] } }, { settled: false }] }, ['a', 'c', 'k']],
  [{ state: 'released', settled: true }, ['b', 'e']],
  [{ $and: [{ settled: true }, { state: 'released' }] }, ['b', 'e']],
  [{ settled: true }, ['a', 'b', 'e', 'g']],
  [{ 'outboxPending.0': { $exists: true } }, ['a', 'd', 'e', 'j']],
  [{ state: { $exists: false } }, ['d', 'i']],
  [{ state: { $exists: true }, settled: false }, ['c', 'k']],
  [{ state: null }, ['d', 'f', 'i']],
  [{ state: 'রিলিজড' }, ['j']],
  [{ 'state.nested': 'released' }, ['k']],
  [{ _id: 'a', state: { $ne: 'released' } }, ['a']],
  [{ _id: { $in: ['b', 'h', 'z'] } }, ['b', 'h']],
  [{ $or: [{ _id: 'i' }, { state: { $regex: '^Rel' } }] }, ['g', 'i']],
];

seed(shelf, [{ state: 1 }, { outboxPending: 1 }], DOCUMENTS);

it.each(ANSWERS)('answers %j as MongoDB does', async (filter, ids) => {
  const found = await shelf.find(filter).toArray();
  expect(found.map((document) => document._id).sort()).toEqual(ids);
  expect(await shelf.countDocuments(filter)).toBe(ids.length);
});

it('changes and deletes exactly the documents a filter matches', async () => {
  const marked = await shelf.updateMany({ state: 'released', settled: true }, { $set: { swept: true } });
  expect(marked.modifiedCount).toBe(2);
  expect((await shelf.find({ swept: true }).toArray()).map((document) => document._id).sort()).toEqual(['b', 'e']);
  const taken = await shelf.findOneAndUpdate({ 'outboxPending.0': { $exists: true }, _id: 'd' }, { $set: { taken: true } });
  expect(taken?._id).toBe('d');
  expect((await shelf.deleteMany({ state: { $in: ['nothing', 'Released'] } })).deletedCount).toBe(1);
  expect(await shelf.countDocuments({})).toBe(DOCUMENTS.length - 1);
});

// FerretDB's explain names the plan SQLite made; MongoDB's has no such field and no such promise
it('looks the outbox sweep up through the index on outboxPending, not by reading every document', async () => {
  const explained = await explainFind(shelf.find({ 'outboxPending.0': { $exists: true } }));
  if (!explained) return;
  expect(explained.filterPushdown).toBe(true);
  const { plan } = explained;
  expect(plan).toMatch(/USING INDEX \S*outboxPending/);
  expect(plan).not.toMatch(/\bSCAN\b/);
});

// FerretDB indexed `_id` under one JSON path expression and looked it up under another, which SQLite
// does not match to the index (infra/ferretdb/patches/01-id-index.patch)
it('looks a document up by _id through its index', async () => {
  const explained = await explainFind(shelf.find({ _id: 'a' }));
  if (!explained) return;
  const { plan } = explained;
  expect(plan).toMatch(/USING INDEX/);
  expect(plan).not.toMatch(/\bSCAN\b/);
});

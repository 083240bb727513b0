// The local FerretDB returns only the fields a find's projection keeps, with its filter's and sort's,
// when it matches the filter exactly in SQL and the projection includes top-level fields only
// (infra/ferretdb/patches/13-projection-pushdown.patch): today's orders' totals, `find({ status,
// createdAt }).project({ totalPaisa: 1, createdAt: 1, status: 1 })`, no longer decode each order's
// lines and history. Every answer below is MongoDB's inclusion projection of the whole document,
// worked out here: `_id` kept unless excluded, the document's own order of fields, a missing field
// left out and a null one kept, and values of every type (numbers that JSON could round, a
// sub-document, an array, a date, an ObjectID, a binary value, a regular expression, a boolean,
// escaped and non-ASCII strings) as stored. Projections of another shape (a path, an exclusion) and
// filters not stated exactly are answered as before, with the same answers.
import mongoose from 'mongoose';
import type { Document, Filter } from 'mongodb';
import { at, id } from './ferretdb-answers.ts';
import { explainFind, ORDER_LIST_INDEXES, seed, testDatabase } from './ferretdb-test-database.ts';

const { Binary, Double, Long } = mongoose.mongo;
const database = testDatabase();
const orders = database.collection<Document>('fields');

const items = (n: number) => Array.from({ length: n }, (_, line) => ({ name: `Miniket Rice 5 kg ${line}`, quantity: line + 1 }));
const ORDERS: Document[] = [
  { _id: id(1), status: 'placed', createdAt: at(1), totalPaisa: 12_345, note: 'a<b & "c" \\ d', items: items(3) },
  { _id: id(2), status: 'delivered', createdAt: at(2), totalPaisa: Long.fromString('9007199254740993'), note: null, items: items(1) },
  { _id: id(3), status: 'delivered', createdAt: at(3), totalPaisa: 0.30000000000000004, items: items(8) },
  { _id: id(4), note: { city: 'Dhaka', lines: [1, 2] }, status: 'placed', totalPaisa: 1e300, createdAt: at(4) },
  { _id: id(5), status: 'placed', createdAt: at(5), totalPaisa: new Double(2), note: ['x', { y: 1 }], items: [] },
  { _id: id(6), status: 'packed', createdAt: at(6), note: at(-1), items: items(2) },
  { _id: id(7), totalPaisa: -7, status: 'placed', createdAt: at(7), note: id(99) },
  { _id: id(8), status: 'delivered', createdAt: at(8), totalPaisa: 5e-324, note: new Binary(Buffer.from('rahim')) },
  { _id: id(9), status: 'delivered', createdAt: at(9), totalPaisa: Long.fromNumber(-5), note: /re.*gex/i },
  { _id: id(10), status: 'placing', createdAt: at(10), totalPaisa: 10, note: true },
  { _id: id(11), status: 'cancelled', createdAt: at(11), totalPaisa: 0, note: 'রহিম ভাই\n' },
  { _id: id(12), status: 'delivered', createdAt: at(12) },
];

/** MongoDB's inclusion projection of top-level fields: `_id` first unless excluded, then the
 *  document's fields the projection names, in the document's order. */
function projected(document: Document, projection: Record<string, 0 | 1 | boolean>): Document {
  const keep = (key: string) => (key === '_id' ? projection._id !== 0 && projection._id !== false : Boolean(projection[key]));
  return Object.fromEntries(Object.entries(document).filter(([key]) => keep(key)));
}
/** A document's fields in order, and its values, for toEqual. */
const shape = (document: Document) => ({ keys: Object.keys(document), document });

const FILTERS: Filter<Document>[] = [
  { status: { $ne: 'placing' }, createdAt: { $gte: at(2) } },
  { status: 'delivered' },
  { status: { $in: ['placed', 'packed'] } },
];
const PROJECTIONS: Record<string, 0 | 1 | boolean>[] = [
  { totalPaisa: 1, createdAt: 1, status: 1 },
  { totalPaisa: 1, note: 1, _id: 0 },
  { note: true },
  { status: 1, _id: false },
];

seed(orders, ORDER_LIST_INDEXES, ORDERS);

const byId = (a: Document, b: Document) => String(a._id).localeCompare(String(b._id));
const cases = FILTERS.flatMap((filter) =>
  PROJECTIONS.map((projection) => [JSON.stringify(filter), JSON.stringify(projection), filter, projection] as const),
);

it.each(cases)('finds %s with projection %s as MongoDB projects the whole documents', async (_f, _p, filter, projection) => {
  // the whole documents, as stored, of the same filter: no projection, so never reduced
  const whole = await orders.find(filter).sort({ createdAt: -1, _id: -1 }).toArray();
  const found = await orders.find(filter).project(projection).toArray();
  const withId: Record<string, 0 | 1 | boolean> = { ...projection, _id: 1 };
  // unsorted: compared in _id order (the projection may drop _id: found again through it)
  const foundWithId = await orders.find(filter).project(withId).toArray();
  expect(foundWithId.sort(byId).map(shape)).toEqual([...whole].sort(byId).map((document) => shape(projected(document, withId))));
  expect(found.map(shape).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
    whole.map((document) => shape(projected(document, projection))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );
  const page = await orders.find(filter).sort({ createdAt: -1, _id: -1 }).skip(1).limit(3).project(projection).toArray();
  expect(page.map(shape)).toEqual(whole.slice(1, 4).map((document) => shape(projected(document, projection))));
});

it('returns the stored values themselves, not JSON numbers rounded', async () => {
  const found = await orders
    .find({ status: { $in: ['delivered', 'placed'] } })
    .project({ totalPaisa: 1 })
    .toArray();
  const total = (n: number) => found.find((order) => String(order._id) === String(id(n)))?.totalPaisa as unknown;
  expect(total(3)).toBe(0.30000000000000004);
  expect(String(total(2))).toBe('9007199254740993');
  expect(total(4)).toBe(1e300);
  expect(total(8)).toBe(5e-324);
  expect(total(1)).toBe(12_345);
});

// FerretDB's explain says whether SQLite returned the kept fields alone (a FerretDB without the
// patch says nothing: false); MongoDB's has no such flag (undefined: not checked)
const explain = async (filter: Filter<Document>, projection: Document) => {
  const explained = await explainFind(orders.find(filter).project(projection));
  return explained && explained.projectionPushdown === true;
};

it("hands SQLite today's orders' totals: only their fields are read", async () => {
  const pushed = await explain({ status: { $ne: 'cancelled' }, createdAt: { $gte: at(2) } }, { totalPaisa: 1, createdAt: 1, status: 1 });
  if (pushed === undefined) return;
  expect(pushed).toBe(true);
});

it.each([
  ['a path', { status: 'placed' }, { 'note.city': 1 }],
  ['an exclusion', { status: 'placed' }, { items: 0 }],
  ['a value', { status: 'placed' }, { totalPaisa: 1, label: 'x' }],
  ['a filter not stated exactly', { status: /^pl/ }, { totalPaisa: 1 }],
])('reads whole documents for %s', async (_name, filter, projection) => {
  const pushed = await explain(filter as Filter<Document>, projection);
  if (pushed === undefined) return;
  expect(pushed).toBe(false);
  const whole = await orders.find(filter as Filter<Document>).toArray();
  expect(
    (
      await orders
        .find(filter as Filter<Document>)
        .project(projection)
        .toArray()
    ).length,
  ).toBe(whole.length);
});

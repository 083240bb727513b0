// The local FerretDB answers the page after a given order in SQL (infra/ferretdb/patches/
// 15-keyset-pushdown.patch): the admin's export, newest first, reads each batch after the last order
// it wrote, `{ $and: [<the list's filter>, { createdAt: { $lte: at }, $or: [{ createdAt: { $lt: at } },
// { _id: { $lt: id } }] }] }`, as an ordinary query, and SQLite seeks the bound in the index
// `{ createdAt, _id }` rather than walking every order before it. Every page and total below is
// MongoDB's, worked out here from the documents, for that form and for the one naming the equal
// date (`{ createdAt: at, _id: { $lt: id } }`): ties in createdAt (broken by _id), a missing or null
// status or createdAt, the list's filters and its search; in a second collection, beside a
// createdAt that is a string or null and a status array, and in a third, beside a date before 2001
// (fewer digits, its text above the bound's), FerretDB filters in the handler and still answers as
// MongoDB does; in a fourth, `_id`s that are strings holding an ObjectID's hex text match no ObjectID.
import mongoose from 'mongoose';
import type { Filter } from 'mongodb';
import { at, expectPagesAndCounts, id, newestFirst, type Order } from './ferretdb-answers.ts';
import { explainPage, ORDER_LIST_INDEXES, seed, testDatabase } from './ferretdb-test-database.ts';

const database = testDatabase();
const orders = database.collection<Order>('keyset');
const mixed = database.collection<Order>('keyset_mixed');
const early = database.collection<Order>('keyset_early');
const named = database.collection<{ _id: string; createdAt: Date }>('keyset_strings');

const ORDERS: Order[] = [
  { _id: id(1), status: 'placed', createdAt: at(3), searchText: 'rahim@mail.com ABHBC' },
  { _id: id(2), status: 'delivered', createdAt: at(3), searchText: 'karim@mail.com ABIBC' },
  { _id: id(3), status: 'placing', createdAt: at(5), searchText: 'rahim@mail.com ABHBC' },
  { _id: id(4), status: 'delivered', createdAt: at(1), searchText: 'shopper25@mail.com ACFAA' },
  { _id: id(5), createdAt: at(2) },
  { _id: id(6), status: 'placed' },
  { _id: id(7), status: null, createdAt: at(4) },
  { _id: id(8), status: 'packed', createdAt: at(-48), searchText: 'rahim@mail.com ABHBC' },
  { _id: id(9), status: 'delivered', createdAt: at(3), searchText: 'karim@mail.com ACFAA' },
  { _id: id(10), status: 'cancelled', createdAt: at(30) },
  { _id: id(11), status: 'delivered', createdAt: at(3), searchText: 'rahim@mail.com ABHBC' },
  { _id: id(12), status: 'delivered', createdAt: at(0) },
];
const EARLY: Order[] = [{ _id: id(41), status: 'delivered', createdAt: new Date(Date.UTC(1999, 0, 1)) }];
const ODD: Order[] = [
  { _id: id(21), status: ['placed', 'packed'], createdAt: at(6) },
  { _id: id(22), status: 'delivered', createdAt: '2026-12-01' },
  { _id: id(23), status: 'placed', createdAt: null },
];

type Condition =
  | string
  | Date
  | mongoose.Types.ObjectId
  | { $ne?: string; $gte?: Date; $lt?: Date | mongoose.Types.ObjectId; $lte?: Date; $regex?: string };
type ListFilter = { $and?: ListFilter[]; $or?: ListFilter[] } & { [field: string]: Condition | ListFilter[] | undefined };

/** MongoDB's match of the conditions here: equality and ranges compare values of one type (a date
 *  with dates, an ObjectID with ObjectIDs), and match an array by its elements. */
function conditionMatches(value: unknown, condition: Condition): boolean {
  if (Array.isArray(value)) return value.some((each) => conditionMatches(each, condition));
  if (condition instanceof Date) return value instanceof Date && value.getTime() === condition.getTime();
  if (condition instanceof mongoose.Types.ObjectId) return value instanceof mongoose.Types.ObjectId && value.equals(condition);
  if (typeof condition === 'string') return value === condition;
  if (condition.$regex !== undefined && !(typeof value === 'string' && value.includes(condition.$regex))) return false;
  if (condition.$ne !== undefined && value === condition.$ne) return false;
  if (condition.$gte && !(value instanceof Date && value >= condition.$gte)) return false;
  if (condition.$lte && !(value instanceof Date && value <= condition.$lte)) return false;
  const below = condition.$lt;
  if (below instanceof Date && !(value instanceof Date && value < below)) return false;
  if (below instanceof mongoose.Types.ObjectId && !(value instanceof mongoose.Types.ObjectId && value.toHexString() < below.toHexString()))
    return false;
  return true;
}
function matches(order: Order, filter: ListFilter): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field === '$or') return (condition as ListFilter[]).some((branch) => matches(order, branch));
    if (field === '$and') return (condition as ListFilter[]).every((branch) => matches(order, branch));
    return conditionMatches(order[field as keyof Order], condition as Condition);
  });
}

/** The filter of the orders after `order`, newest first, as the export asks it: placed no later,
 *  and before it or with a lower id. */
const after = (filter: ListFilter, order: Order): ListFilter => ({
  $and: [
    filter,
    { createdAt: { $lte: order.createdAt as Date }, $or: [{ createdAt: { $lt: order.createdAt as Date } }, { _id: { $lt: order._id } }] },
  ],
});
/** The same, naming the equal date. */
const afterEqual = (filter: ListFilter, order: Order): ListFilter => ({
  $and: [
    filter,
    { $or: [{ createdAt: { $lt: order.createdAt as Date } }, { createdAt: order.createdAt as Date, _id: { $lt: order._id } }] },
  ],
});

const LISTED = { status: { $ne: 'placing' } };
const FILTERS: [string, ListFilter][] = [
  ['every order listed', LISTED],
  ['delivered', { status: 'delivered' }],
  ['a day', { ...LISTED, createdAt: { $gte: at(0), $lt: at(4) } }],
  ['a search', { ...LISTED, $or: [{ searchText: { $regex: 'rahim@' } }, { searchText: { $regex: 'ACF' } }] }],
];

const INDEXES = [...ORDER_LIST_INDEXES, { searchText: 1 }];
seed(orders, INDEXES, ORDERS);
seed(mixed, INDEXES, [...ORDERS, ...ODD]);
seed(early, INDEXES, [...ORDERS, ...EARLY]);
seed(
  named,
  [{ createdAt: -1, _id: -1 }],
  [1, 2, 3].map((n) => ({ _id: id(n).toHexString(), createdAt: at(3) })),
);

const PAGES: [skip: number, limit: number][] = [
  [0, 2],
  [0, 100],
];

describe.each([
  ['orders', orders, ORDERS],
  ['orders beside a createdAt that is no date and a status array', mixed, [...ORDERS, ...ODD]],
  ['orders beside a date before 2001', early, [...ORDERS, ...EARLY]],
])('%s', (_name, collection, documents) => {
  it.each(FILTERS)('pages %s after each of its orders, and counts what is left, as MongoDB does', async (_shown, filter) => {
    const expected = documents.filter((order) => matches(order, filter)).sort(newestFirst);
    expect(expected.length).toBeGreaterThan(1);
    for (const [i, order] of expected.entries()) {
      if (!(order.createdAt instanceof Date)) continue;
      for (const keyset of [after(filter, order), afterEqual(filter, order)]) {
        await expectPagesAndCounts(
          collection,
          keyset as Filter<Order>,
          documents.filter((each) => matches(each, keyset)).sort(newestFirst),
          PAGES,
        );
        // what is after an order is what the list has after it, but an order without a date, after none
        expect(documents.filter((each) => matches(each, keyset)).sort(newestFirst)).toEqual(
          expected.slice(i + 1).filter((each) => each.createdAt instanceof Date),
        );
      }
    }
  });

  // not beside a date before 2001: the first page, with no bound, sorts it by its text there
  // (11-page-pushdown.patch's known limit)
  it('walks the list’s dated orders two at a time, each page after the last order of the one before', async () => {
    if (collection === early) return;
    const expected = documents.filter((order) => matches(order, LISTED)).sort(newestFirst);
    const walked: string[] = [];
    let last: Order | undefined;
    for (;;) {
      const page = await collection
        .find((last ? after(LISTED, last) : LISTED) as Filter<Order>)
        .sort({ createdAt: -1, _id: -1 })
        .limit(2)
        .toArray();
      walked.push(...page.map((order) => order._id.toHexString()));
      last = page.at(-1);
      if (page.length < 2 || !(last?.createdAt instanceof Date)) break;
    }
    // an order without a date is after none: the walk reads every dated order, in the list's order
    const dated = (order: Order) => order.createdAt instanceof Date;
    const ids = new Set(documents.filter(dated).map((order) => order._id.toHexString()));
    expect(walked.filter((each) => ids.has(each))).toEqual(expected.filter(dated).map((order) => order._id.toHexString()));
  });
});

it('matches no ObjectID to a string _id holding its hex text', async () => {
  const filter = { createdAt: at(3), _id: { $lt: id(9) } };
  expect(await named.countDocuments(filter as never)).toBe(0);
  expect(await named.find({ _id: id(2) } as never).toArray()).toEqual([]);
  expect(await named.countDocuments({ _id: id(2).toHexString() })).toBe(1);
});

const pushed = (collection: typeof orders, filter: ListFilter) => explainPage(collection, filter as Filter<Order>, { limit: 200 });

it.each(FILTERS)('hands SQLite the page after an order of %s', async (_shown, filter) => {
  for (const keyset of [after(filter, ORDERS[0]!), afterEqual(filter, ORDERS[0]!)]) {
    const explained = await pushed(orders, keyset);
    if (!explained) return;
    expect(explained.pushdown).toMatchObject({ filterPushdown: true, sortPushdown: true, limitPushdown: true });
  }
  // the bound is sought in an index, not walked to from the newest order (with every order listed,
  // in `{ createdAt, _id }`; SQLite picks another index for a status or a search, sought too)
  const { plan } = (await pushed(orders, after(filter, ORDERS[0]!)))!;
  expect(plan).toMatch(/SEARCH \S+ USING INDEX/);
  expect(plan).not.toMatch(/SCAN/);
  if (filter === LISTED) expect(plan).toMatch(/SEARCH \S+ USING INDEX \S+_createdAt_-1__id_-1 \(<expr><\?\)/);
});

it('keeps the page after an order in the handler where createdAt holds other types, or a date before 2001 above the bound', async () => {
  for (const collection of [mixed, early]) {
    const explained = await pushed(collection, after(LISTED, ORDERS[0]!));
    if (!explained) return;
    expect(explained.pushdown).toMatchObject({ sortPushdown: false, limitPushdown: false });
  }
});

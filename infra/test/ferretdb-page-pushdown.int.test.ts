// The local FerretDB answers a page of a sorted find, and a count, in SQL when it can state the
// whole filter exactly (infra/ferretdb/patches/11-page-pushdown.patch): the admin's order list as an
// ordinary query, `find(filter).sort({ createdAt: -1, _id: -1 }).skip().limit()` and
// `countDocuments(filter)`. Every page and total below is MongoDB's, worked out here from the
// documents: ties in createdAt (broken by _id), a status or a createdAt missing, a null status; and,
// in a second collection, the same orders beside values that SQL must not sort or match by their
// text (a status array, a number, a createdAt that is a string or null), where FerretDB falls back
// to filtering and sorting in the handler and still answers as MongoDB does.
import type { Filter } from 'mongodb';
import { at, expectPagesAndCounts, id, newestFirst, type Order } from './ferretdb-answers.ts';
import { explainPage, ORDER_LIST_INDEXES, seed, testDatabase } from './ferretdb-test-database.ts';

const database = testDatabase();
const orders = database.collection<Order>('pages');
const mixed = database.collection<Order>('pages_mixed');

const ORDERS: Order[] = [
  { _id: id(1), status: 'placed', createdAt: at(3) },
  { _id: id(2), status: 'delivered', createdAt: at(3) },
  { _id: id(3), status: 'placing', createdAt: at(5) },
  { _id: id(4), status: 'delivered', createdAt: at(1) },
  { _id: id(5), createdAt: at(2) },
  { _id: id(6), status: 'placed' },
  { _id: id(7), status: null, createdAt: at(4) },
  { _id: id(8), status: 'packed', createdAt: at(-48) },
  { _id: id(9), status: 'delivered', createdAt: at(3) },
  { _id: id(10), status: 'cancelled', createdAt: at(30) },
  { _id: id(11), status: 'delivered', createdAt: at(0) },
];
const ODD: Order[] = [
  { _id: id(21), status: ['placed', 'packed'], createdAt: at(6) },
  { _id: id(22), status: 'delivered', createdAt: '2026-12-01' },
  { _id: id(23), status: 'placed', createdAt: null },
  { _id: id(24), status: 3, createdAt: at(3) },
];

/** MongoDB's match of the filters below: equality also matches an array's elements. */
type Condition = { $ne?: string; $in?: string[]; $gte?: Date; $lt?: Date };
function matches(order: Order, filter: Record<string, string | Condition>): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    const value = (order as unknown as Record<string, unknown>)[field];
    const values = Array.isArray(value) ? value : [value];
    if (typeof condition === 'string') return values.includes(condition);
    if (condition.$ne !== undefined && values.includes(condition.$ne)) return false;
    if (condition.$in && !condition.$in.some((wanted) => values.includes(wanted))) return false;
    const dates = values.filter((each): each is Date => each instanceof Date);
    if (condition.$gte && !dates.some((date) => date >= condition.$gte!)) return false;
    if (condition.$lt && !dates.some((date) => date < condition.$lt!)) return false;
    return true;
  });
}

const LISTED = { status: { $ne: 'placing' } };
const FILTERS: Record<string, string | Condition>[] = [
  {},
  LISTED,
  { status: 'delivered' },
  { status: 'placed' },
  { status: { $in: ['placed', 'packed'] } },
  { ...LISTED, createdAt: { $gte: at(0), $lt: at(4) } },
  { createdAt: { $gte: at(2) } },
  { status: 'delivered', createdAt: { $lt: at(3) } },
];
const PAGES: [skip: number, limit: number][] = [
  [0, 3],
  [3, 3],
  [6, 3],
  [2, 0],
  [0, 100],
];

seed(orders, ORDER_LIST_INDEXES, ORDERS);
seed(mixed, ORDER_LIST_INDEXES, [...ORDERS, ...ODD]);

describe.each([
  ['orders', orders, ORDERS],
  ['orders beside odd values', mixed, [...ORDERS, ...ODD]],
])('%s', (_name, collection, documents) => {
  it.each(FILTERS)('pages %j newest first and counts it as MongoDB does', async (filter) => {
    const expected = documents.filter((order) => matches(order, filter)).sort(newestFirst);
    await expectPagesAndCounts(collection, filter as Filter<Order>, expected, PAGES);
  });
});

const explain = (collection: typeof orders, filter: Filter<Order>) => explainPage(collection, filter, { limit: 20 });

it("hands SQLite a status's page, sorted through the index on status, createdAt and _id", async () => {
  const explained = await explain(orders, { status: 'delivered' });
  if (!explained) return;
  expect(explained.pushdown).toEqual({ filterPushdown: true, sortPushdown: true, limitPushdown: true });
  expect(explained.plan).toMatch(/SEARCH \S+ USING INDEX \S+_status_1_createdAt_-1__id_-1 \(<expr>=\?\)/);
  expect(explained.plan).not.toMatch(/TEMP B-TREE/);
});

it('hands SQLite the listed orders of some days through the index on createdAt and _id', async () => {
  const explained = await explain(orders, { ...LISTED, createdAt: { $gte: at(0), $lt: at(4) } });
  if (!explained) return;
  expect(explained.pushdown).toEqual({ filterPushdown: true, sortPushdown: true, limitPushdown: true });
  // both ends of the days sought in the index (the end since 15-keyset-pushdown.patch)
  expect(explained.plan).toMatch(/SEARCH \S+ USING INDEX \S+_createdAt_-1__id_-1 \(<expr>>\? AND <expr><\?\)/);
  expect(explained.plan).not.toMatch(/TEMP B-TREE/);
});

it('keeps sorting and paging in the handler where a field holds what SQL would misorder', async () => {
  const explained = await explain(mixed, { status: 'delivered' });
  if (!explained) return;
  expect(explained.pushdown).toMatchObject({ sortPushdown: false, limitPushdown: false });
});

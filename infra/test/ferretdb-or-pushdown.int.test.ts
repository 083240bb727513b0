// The local FerretDB answers a filter's `$or` whose branches are each conditions it states in SQL
// (equalities, date ranges, literal searches: infra/ferretdb/patches/14-or-pushdown.patch) as one
// page and one count in SQL: the admin's order search, an email's words or a phone's digits, as an
// ordinary query. Every page and total below is MongoDB's, worked out here from the documents:
// branches on one field and on two indexed fields, beside the status and date filters, a nested
// `$or`, upper case and escapes in the searched text; in a second collection, values that are not
// strings stored as JSON text (a number, an ObjectID, a stored regular expression, a sub-document);
// in a third, a searchText array, which makes FerretDB filter in the handler. An `$or` with a branch
// SQL cannot state exactly (a pattern with a metacharacter, an ObjectID beyond `_id`, a number, a
// field without an index) is filtered in the handler, and gives the same answers.
import mongoose from 'mongoose';
import type { Filter } from 'mongodb';
import { at, expectPagesAndCounts, id, named, newestFirst, type Order as ListedOrder } from './ferretdb-answers.ts';
import { explainPage, ORDER_LIST_INDEXES, seed, testDatabase } from './ferretdb-test-database.ts';

const database = testDatabase();
interface Order extends ListedOrder {
  email?: unknown;
  note?: unknown;
  totalPaisa?: unknown;
}
const orders = database.collection<Order>('or');
const typed = database.collection<Order>('or_typed');
const mixed = database.collection<Order>('or_mixed');

const ORDERS: Order[] = [
  { _id: id(1), status: 'placed', createdAt: at(3), searchText: 'rahim@mail.com ABHBC', email: 'rahim@mail.com', totalPaisa: 100 },
  { _id: id(2), status: 'delivered', createdAt: at(3), searchText: 'karim@mail.com ABIBC', email: 'karim@mail.com', totalPaisa: 200 },
  { _id: id(3), status: 'placing', createdAt: at(5), searchText: 'rahim@mail.com ABHBC', email: 'rahim@mail.com' },
  { _id: id(4), status: 'delivered', createdAt: at(1), searchText: 'RAHIM@MAIL.COM ABHBD', email: 'RAHIM@MAIL.COM' },
  { _id: id(5), status: 'packed', createdAt: at(2), searchText: '<shopper2@mail.com> ABHBC', note: 'ring twice' },
  { _id: id(6), status: 'placed', createdAt: at(4), searchText: 'line\nkarim@ ABIBC', email: 'karim@' },
  { _id: id(7), status: 'cancelled', createdAt: at(0), searchText: '"quoted" \\ karim' },
  { _id: id(8), status: 'packed', createdAt: at(-48), searchText: 'shopper2500@example.com ACFAA' },
  { _id: id(9), status: 'delivered', createdAt: at(6), searchText: 'ſultana \u212Aamal রহিম' },
  { _id: id(10), status: 'cancelled', createdAt: at(7) },
  { _id: id(11), status: 'delivered', createdAt: at(7), searchText: null, email: null },
  { _id: id(12), status: 'placed', createdAt: at(8), searchText: 'Rahim@Mail.com ACFAA', email: 'Rahim@Mail.com' },
  { _id: id(13), status: 'placed', createdAt: at(3), searchText: 'shopper25@mail.com ABHBC', email: 'shopper25@mail.com' },
];
const TYPED: Order[] = [
  { _id: id(21), status: 'placed', createdAt: at(2), searchText: 1712345678, email: 1712345678 },
  { _id: id(22), status: 'placed', createdAt: at(3), searchText: new mongoose.Types.ObjectId('017123456789abcdef017123') },
  { _id: id(23), status: 'placed', createdAt: at(4), searchText: /rahim@/, email: /karim/ },
  { _id: id(24), status: 'placed', createdAt: at(6), searchText: { email: 'rahim@mail.com' }, email: { at: 'karim@' } },
];
const ARRAYS: Order[] = [{ _id: id(31), status: 'placed', createdAt: at(5), searchText: ['karim@mail.com', 'ABHBC'] }];

type Condition =
  RegExp | string | number | mongoose.Types.ObjectId | { $regex?: string; $options?: string; $ne?: string; $gte?: Date; $lt?: Date };
type OrFilter = { $or?: OrFilter[] } & { [field: string]: Condition | OrFilter[] | undefined };

/** MongoDB's match of one condition: a regular expression matches a string by PCRE with Unicode
 *  case folding (JavaScript's `u` flag folds as it does here) or a stored regular expression that is
 *  the same, an equality the same value, a range only dates; an array by its elements. */
function conditionMatches(value: unknown, condition: Condition): boolean {
  if (Array.isArray(value)) return value.some((each) => conditionMatches(each, condition));
  if (condition instanceof RegExp || (typeof condition === 'object' && '$regex' in condition)) {
    const [pattern, options] =
      condition instanceof RegExp ? [condition.source, condition.flags] : [condition.$regex!, condition.$options ?? ''];
    if (typeof value === 'string') return new RegExp(pattern, `${options}u`).test(value);
    return value instanceof RegExp && value.source === pattern && value.flags === options;
  }
  if (condition instanceof mongoose.Types.ObjectId) return value instanceof mongoose.Types.ObjectId && value.equals(condition);
  if (typeof condition !== 'object') return value === condition;
  const date = value instanceof Date ? value : undefined;
  if (condition.$ne !== undefined && value === condition.$ne) return false;
  if (condition.$gte && !(date && date >= condition.$gte)) return false;
  if (condition.$lt && !(date && date < condition.$lt)) return false;
  return true;
}
function matches(order: Order, filter: OrFilter): boolean {
  return Object.entries(filter).every(([field, condition]) =>
    field === '$or'
      ? (condition as OrFilter[]).some((branch) => matches(order, branch))
      : conditionMatches(order[field as keyof Order], condition as Condition),
  );
}

const LISTED = { status: { $ne: 'placing' } };
/** `$or`s whose every branch SQL states exactly. */
const PUSHED: OrFilter[] = [
  // the admin's search for an email holding digits: its words, and its digits as a phone's letters
  { ...LISTED, $or: [{ searchText: { $regex: 'shopper25' } }, { searchText: { $regex: 'ACF' } }] },
  { $or: [{ searchText: /rahim@/ }, { searchText: /ABIBC/ }] },
  { $or: [{ searchText: { $regex: 'RAHIM@', $options: 'i' } }, { email: { $regex: 'karim@' } }] },
  {
    ...LISTED,
    createdAt: { $gte: at(1), $lt: at(6) },
    $or: [{ searchText: { $regex: 'mail\\.com' } }, { searchText: { $regex: 'ABHBC' } }],
  },
  { $or: [{ status: 'cancelled' }, { status: 'packed', createdAt: { $gte: at(0) } }] },
  { $or: [{ $or: [{ searchText: /karim/ }, { email: /shopper/ }] }, { status: 'cancelled' }] },
  { $or: [{ searchText: /ABHBC/ }] },
  // found in JSON text only inside an escape sequence: a '<' is \u003c, a newline \n
  { $or: [{ searchText: /u003cshopper/ }, { searchText: /nkarim/ }] },
  { $or: [{ searchText: /nothing like it/ }, { email: /nor this/ }] },
  // an `_id`'s ObjectID (15-keyset-pushdown.patch)
  { $or: [{ searchText: /rahim@/ }, { _id: id(2) }] },
];
/** `$or`s with a branch the handler matches. */
const HANDLED: OrFilter[] = [
  { $or: [{ searchText: /^rahim/ }, { searchText: /ABIBC/ }] },
  { $or: [{ searchText: /rahim@/ }, { searchText: new mongoose.Types.ObjectId('017123456789abcdef017123') }] },
  { $or: [{ searchText: /rahim@/ }, { totalPaisa: 200 }] },
  { ...LISTED, $or: [{ searchText: /rahim@/ }, { note: /ring/ }] },
  { $or: [{ searchText: { $regex: 'ultana', $options: 'i' } }, { searchText: /রহিম/ }] },
];

const INDEXES = [...ORDER_LIST_INDEXES, { searchText: 1 }, { email: 1 }];
seed(orders, INDEXES, ORDERS);
seed(typed, INDEXES, [...ORDERS, ...TYPED]);
seed(mixed, INDEXES, [...ORDERS, ...TYPED, ...ARRAYS]);

const PAGES: [skip: number, limit: number][] = [
  [0, 2],
  [2, 2],
  [1, 0],
  [0, 100],
];

describe.each([
  ['orders', orders, ORDERS],
  ['orders beside values of other types', typed, [...ORDERS, ...TYPED]],
  ['orders beside a searchText array', mixed, [...ORDERS, ...TYPED, ...ARRAYS]],
])('%s', (_name, collection, documents) => {
  it.each(named([...PUSHED, ...HANDLED]))('pages %s newest first and counts it as MongoDB does', async (_shown, filter) => {
    const expected = documents.filter((order) => matches(order, filter)).sort(newestFirst);
    await expectPagesAndCounts(collection, filter as Filter<Order>, expected, PAGES);
  });

  // the handler filters again what the backend returns: of each document, it reads the fields of
  // the branches too
  it.each(named(PUSHED))('pages %s with a projection as MongoDB does', async (_shown, filter) => {
    const expected = documents.filter((order) => matches(order, filter)).sort(newestFirst);
    const page = await collection
      .find(filter as Filter<Order>)
      .sort({ createdAt: -1, _id: -1 })
      .limit(5)
      .project<{ _id: mongoose.Types.ObjectId; status?: unknown }>({ status: 1 })
      .toArray();
    expect(page).toEqual(expected.slice(0, 5).map(({ _id, status }) => ({ _id, ...(status !== undefined && { status }) })));
  });
});

it('finds some orders by every pushed-down filter but the two looking for what is only in JSON escapes or nowhere, and by each branch of the search', () => {
  const found = PUSHED.map((filter) => ORDERS.filter((order) => matches(order, filter)).length);
  expect(found.filter((n) => n > 0).length).toBe(PUSHED.length - 2);
  const [search] = PUSHED;
  for (const branch of search!.$or!) expect(ORDERS.filter((order) => matches(order, { ...LISTED, ...branch })).length).toBeGreaterThan(0);
});

const pushed = async (collection: typeof orders, filter: OrFilter) =>
  (await explainPage(collection, filter as Filter<Order>, { limit: 20, projection: { status: 1 } }))?.pushdown;

it.each(named(PUSHED))('hands SQLite the page of %s', async (_shown, filter) => {
  for (const collection of [orders, typed]) {
    const explained = await pushed(collection, filter);
    if (!explained) return;
    expect(explained).toEqual({ filterPushdown: true, sortPushdown: true, limitPushdown: true, projectionPushdown: true });
  }
});

it.each(named(HANDLED))('keeps %s in the handler', async (_shown, filter) => {
  const explained = await pushed(orders, filter);
  if (!explained) return;
  expect(explained).toMatchObject({ sortPushdown: false, limitPushdown: false });
});

it('keeps an $or in the handler where a branch’s field holds an array', async () => {
  const explained = await pushed(mixed, PUSHED[1]!);
  if (!explained) return;
  expect(explained).toMatchObject({ sortPushdown: false, limitPushdown: false });
});

// The local FerretDB answers a search for a literal, `{ searchText: { $regex: 'rahim@' } }` (an
// escaped user string, with no option or with `i`), beside the status and date filters, as a page
// and a count in SQL (infra/ferretdb/patches/12-search-pushdown.patch): the admin's order search as
// an ordinary query. Every page and total below is MongoDB's, worked out here from the documents:
// strings whose JSON text holds escapes (a `<`, a newline, a quote) the literal could be found
// inside of, upper case, non-ASCII letters that MongoDB's case folding matches to k and s, a missing
// or null searchText; in a second collection, values that are not strings but are stored as JSON
// text holding the literal (a number, an ObjectID, a binary value, a stored regular expression,
// which MongoDB matches when it is the query's own, a sub-document, a boolean); in a third, beside
// those, a searchText array, which makes FerretDB filter in the handler. Patterns that are no
// literal, or ask for options SQL cannot state exactly, are filtered in the handler too, and give
// the same answers.
import mongoose from 'mongoose';
import type { Filter } from 'mongodb';
import { at, expectPagesAndCounts, id, named, newestFirst, type Order } from './ferretdb-answers.ts';
import { explainPage, ORDER_LIST_INDEXES, seed, testDatabase } from './ferretdb-test-database.ts';

const database = testDatabase();
const orders = database.collection<Order>('search');
const typed = database.collection<Order>('search_typed');
const mixed = database.collection<Order>('search_mixed');

const ORDERS: Order[] = [
  { _id: id(1), status: 'placed', createdAt: at(3), searchText: 'ord-1 rahim@mail.com 01712345678' },
  { _id: id(2), status: 'delivered', createdAt: at(3), searchText: 'ord-2 karim@mail.com 01812345678' },
  { _id: id(3), status: 'placing', createdAt: at(5), searchText: 'ord-3 rahim@mail.com 01712345678' },
  { _id: id(4), status: 'delivered', createdAt: at(1), searchText: 'ORD-4 RAHIM@MAIL.COM' },
  { _id: id(5), status: 'delivered', createdAt: at(2), searchText: 'ord-5 <rahim@mail.com>' },
  { _id: id(6), status: 'placed', createdAt: at(4), searchText: 'ord-6 line\nrahim@' },
  { _id: id(7), status: 'placed', createdAt: at(0), searchText: 'ord-7 "quoted" \\ rahim' },
  { _id: id(8), status: 'packed', createdAt: at(-48), searchText: 'ord-8 a<b' },
  { _id: id(9), status: 'delivered', createdAt: at(6), searchText: 'ord-9 ſultana \u212Aamal রহিম' },
  { _id: id(10), status: 'cancelled', createdAt: at(7) },
  { _id: id(11), status: 'delivered', createdAt: at(7), searchText: null },
  { _id: id(12), status: 'placed', createdAt: at(8), searchText: 'ORD-12 Rahim@Mail.com' },
  { _id: id(13), status: 'placed', createdAt: at(9), searchText: 'ord-13 01712-345 rahim.mail' },
];
const TYPED: Order[] = [
  { _id: id(21), status: 'placed', createdAt: at(2), searchText: 1712345678 },
  { _id: id(22), status: 'placed', createdAt: at(3), searchText: new mongoose.Types.ObjectId('017123456789abcdef017123') },
  { _id: id(23), status: 'placed', createdAt: at(4), searchText: new mongoose.mongo.Binary(Buffer.from('rahimAAA', 'base64')) },
  { _id: id(24), status: 'placed', createdAt: at(5), searchText: /rahim@/ },
  { _id: id(25), status: 'placed', createdAt: at(6), searchText: { email: 'rahim@mail.com' } },
  { _id: id(26), status: 'placed', createdAt: at(7), searchText: true },
];
const ARRAYS: Order[] = [{ _id: id(31), status: 'placed', createdAt: at(5), searchText: ['ord-31', 'rahim@mail.com'] }];

/** MongoDB's match of a regular expression: a string by PCRE with Unicode case folding (JavaScript's
 *  `u` flag folds as it does here), a stored regular expression when it is the same, an array by
 *  its elements; nothing else. */
function regexMatches(value: unknown, pattern: string, options: string): boolean {
  if (Array.isArray(value)) return value.some((each) => regexMatches(each, pattern, options));
  if (typeof value === 'string') return new RegExp(pattern, `${options}u`).test(value);
  if (value instanceof RegExp) return value.source === pattern && value.flags === options;
  return false;
}

type Search = { $regex: string | RegExp; $options?: string } | RegExp;
type Condition = { $ne?: string; $gte?: Date; $lt?: Date };
type SearchFilter = { searchText: Search; status?: string | Condition; createdAt?: Condition };
function matches(order: Order, filter: SearchFilter): boolean {
  const search = filter.searchText;
  const regex = search instanceof RegExp ? search : typeof search.$regex === 'string' ? undefined : search.$regex;
  const pattern = regex ? regex.source : (search as { $regex: string }).$regex;
  const options = regex ? regex.flags : ((search as { $options?: string }).$options ?? '');
  if (!regexMatches(order.searchText, pattern, options)) return false;
  const { status, createdAt } = filter;
  if (typeof status === 'string' && order.status !== status) return false;
  if (typeof status === 'object' && status.$ne !== undefined && order.status === status.$ne) return false;
  const date = order.createdAt instanceof Date ? order.createdAt : undefined;
  if (createdAt?.$gte && !(date && date >= createdAt.$gte)) return false;
  if (createdAt?.$lt && !(date && date < createdAt.$lt)) return false;
  return true;
}

const LISTED = { status: { $ne: 'placing' } };
/** Literals SQL tests as substrings: with no option or ASCII `i`, escaped as a user's string is. */
const LITERALS: SearchFilter[] = [
  { searchText: { $regex: 'rahim@' } },
  { searchText: { $regex: 'rahim@mail\\.com' } },
  { searchText: /rahim@/ },
  { searchText: { $regex: /rahim@mail\.com/ } },
  { searchText: { $regex: 'RAHIM@', $options: 'i' } },
  { searchText: /rahim@mail\.com/i },
  { searchText: { $regex: '017' } },
  { ...LISTED, searchText: { $regex: '01712' }, createdAt: { $gte: at(0), $lt: at(6) } },
  { status: 'delivered', searchText: { $regex: 'ord-' } },
  { status: 'placed', searchText: { $regex: 'ORD-', $options: 'i' } },
  // found in JSON text only inside an escape sequence: a '<' is \u003c, a newline \n
  { searchText: { $regex: 'u003cb' } },
  { searchText: { $regex: 'nrahim' } },
  { searchText: { $regex: 'ultana', $options: 'i' } },
  { searchText: { $regex: 'nothing like it' } },
];
/** Patterns the handler matches: metacharacters, escapes of classes, other options, case folding
 *  beyond ASCII, non-ASCII, characters JSON escapes. */
const HANDLED: SearchFilter[] = [
  { searchText: { $regex: '^ord-1' } },
  { searchText: { $regex: 'rahim.mail' } },
  { searchText: { $regex: '\\d{5}-' } },
  { searchText: { $regex: 'rahim', $options: 'm' } },
  { searchText: { $regex: 'sultana', $options: 'i' } },
  { searchText: { $regex: 'kamal', $options: 'i' } },
  { searchText: { $regex: 'রহিম' } },
  { searchText: { $regex: 'a<b' } },
  { searchText: { $regex: '"quoted"' } },
];

const INDEXES = [...ORDER_LIST_INDEXES, { searchText: 1 }];
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
  it.each(named([...LITERALS, ...HANDLED]))('pages %s newest first and counts it as MongoDB does', async (_shown, filter) => {
    const expected = documents.filter((order) => matches(order, filter)).sort(newestFirst);
    await expectPagesAndCounts(collection, filter as Filter<Order>, expected, PAGES);
  });
});

it('finds some orders by every literal, so the pages above are not all empty', () => {
  const found = LITERALS.map((filter) => ORDERS.filter((order) => matches(order, filter)).length);
  expect(found.filter((n) => n > 0).length).toBeGreaterThanOrEqual(LITERALS.length - 3);
});

const pushed = async (collection: typeof orders, filter: SearchFilter) =>
  (await explainPage(collection, filter as Filter<Order>, { limit: 20 }))?.pushdown;

it.each(named(LITERALS))('hands SQLite the page of the literal search %s', async (_shown, filter) => {
  for (const collection of [orders, typed]) {
    const explained = await pushed(collection, filter);
    if (!explained) return;
    expect(explained).toEqual({ filterPushdown: true, sortPushdown: true, limitPushdown: true });
  }
});

it.each(named(HANDLED))('keeps the search %s in the handler', async (_shown, filter) => {
  const explained = await pushed(orders, filter);
  if (!explained) return;
  expect(explained).toMatchObject({ sortPushdown: false, limitPushdown: false });
});

it('keeps a literal search in the handler where searchText holds an array', async () => {
  const explained = await pushed(mixed, { searchText: { $regex: 'rahim@' } });
  if (!explained) return;
  expect(explained).toMatchObject({ sortPushdown: false, limitPushdown: false });
});

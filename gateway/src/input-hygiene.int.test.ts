// Text through the running gateway and services: normalised to NFC wherever it is stored, and a
// control, text-direction or invisible character, an unknown key, a `$`-prefixed or dotted key
// refused with 400 naming it, with nothing stored.
import { randomInt } from 'node:crypto';
import { CartLineList, OrderList, ProfileList } from '@bazar/contracts';
import { catalogProducts, createAccount, gatewayCall, signedInAndSynced } from '@bazar/testing';

const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
let token: string;
let email: string;
const call = (method: string, path: string, body?: unknown) => gatewayCall(method, path, token, body, from);
const profile = { name: 'Rahima Begum', phone: '01712345678', address: 'House 12, Road 5, Dhanmondi', img: '/media/rahima.webp' };
const storedProfile = async () => ProfileList.parse((await call('GET', `/myprofiledata/${email}`)).body);

beforeAll(async () => {
  const account = await createAccount('hygiene');
  email = account.email;
  token = await signedInAndSynced(account);
});

it.each([
  ['address', { ...profile, address: 'House 12\u0000, Road 5' }],
  ['address', { ...profile, address: 'Pay to 01712\u202E876543' }],
  ['name', { ...profile, name: 'Rahima\u001b[31m' }],
])('refuses a %s holding a control or text-direction character, naming it, and stores nothing', async (field, body) => {
  const problem = `${field} must not contain control, text-direction or invisible characters`;
  expect(await call('PUT', `/profiledata/${email}`, body)).toMatchObject({
    status: 400,
    body: { error: problem, code: 'invalid-request', fields: { [field]: problem } },
  });
  expect(await storedProfile()).toEqual([]);
});

it.each([{ role: 'admin' }, { $where: 'sleep(1000)' }, { 'address.city': 'Dhaka' }])(
  'refuses the unknown key of %j, naming it',
  async (extra) => {
    const [key] = Object.keys(extra);
    const refused = await call('PUT', `/profiledata/${email}`, { ...profile, ...extra });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toContain(key);
    expect(await storedProfile()).toEqual([]);
  },
);

it('stores text as NFC: the same letters always the same code points', async () => {
  const decomposed = 'Rahima Be\u0301gum, বাড়ি'; // é as e + a combining accent
  expect((await call('PUT', `/profiledata/${email}`, { ...profile, name: decomposed })).status).toBe(200);
  const [stored] = await storedProfile();
  expect(stored?.name).toBe(decomposed.normalize('NFC'));
  expect(stored?.name).not.toBe(decomposed);
});

it('refuses a body on a write that declares none, naming its keys', async () => {
  for (const key of ['role', '$where', 'address.city']) {
    const refused = await call('DELETE', '/deletecart/0123456789abcdef01234567', { [key]: 'admin' });
    expect({ key, status: refused.status }).toEqual({ key, status: 400 });
    expect((refused.body as { error: string }).error).toContain(key);
  }
  expect(await call('DELETE', '/deletecart/0123456789abcdef01234567')).toMatchObject({
    status: 404,
    body: { error: 'No such cart line', code: 'no-such-cart-line' },
  });
});

// Issue 53: these were stored, where U+202E, U+2067 and U+0000 were refused.
describe.each([
  ['U+200F RIGHT-TO-LEFT MARK', '\u200F'],
  ['U+061C ARABIC LETTER MARK', '\u061C'],
  ['U+200E LEFT-TO-RIGHT MARK', '\u200E'],
  ['U+200B ZERO WIDTH SPACE', '\u200B'],
  ['U+2028 LINE SEPARATOR', '\u2028'],
  ['U+2029 PARAGRAPH SEPARATOR', '\u2029'],
  ['U+FEFF BYTE ORDER MARK', '\uFEFF'],
  ['U+2060 WORD JOINER', '\u2060'],
  ['U+00AD SOFT HYPHEN', '\u00AD'],
  ['U+202A LEFT-TO-RIGHT EMBEDDING', '\u202A'],
  ['U+2069 POP DIRECTIONAL ISOLATE', '\u2069'],
  ['U+0085 NEXT LINE', '\u0085'],
])('a profile holding %s', (_name, hidden) => {
  it.each([
    ['name', { ...profile, name: `Rahima${hidden} Begum` }],
    ['address', { ...profile, address: `House 12,${hidden} Road 5` }],
    ['phone', { ...profile, phone: `01712${hidden}345678` }],
  ])('is refused in its %s with 400 naming it, and nothing is stored', async (field, body) => {
    const before = await storedProfile();
    const problem = `${field} must not contain control, text-direction or invisible characters`;
    const { status, body: answer } = await call('PUT', `/profiledata/${email}`, body);
    expect({ status, answer }).toEqual({ status: 400, answer: { error: problem, code: 'invalid-request', fields: { [field]: problem } } });
    expect(await storedProfile()).toEqual(before);
  });
});

it('refuses a name over two lines, and keeps Bangla written with ZWNJ and ZWJ as typed', async () => {
  const before = await storedProfile();
  expect(await call('PUT', `/profiledata/${email}`, { ...profile, name: 'Rahima\nBegum' })).toMatchObject({
    status: 400,
    body: { fields: { name: 'name must be on one line' } },
  });
  expect(await storedProfile()).toEqual(before);

  const bangla = {
    name: '\u09B0\u200D\u09CD\u09AF\u09BE\u09AC',
    address: '\u0995\u09BF\u200C\u09A8\u09CD\u09A4\u09C1 \u09B0\u09CB\u09A1 \u09EB',
  }; // র‍্যাব, কি‌ন্তু রোড ৫
  expect((await call('PUT', `/profiledata/${email}`, { ...profile, ...bangla })).status).toBe(200);
  expect(await storedProfile()).toEqual([expect.objectContaining(bangla)]);
});

it('refuses an order whose mycart line carries a key the store does not know ($where), and places nothing', async () => {
  const [product] = await catalogProducts();
  expect((await call('POST', '/addtocart', { productId: product!._id, cartQuantity: 1 })).status).toBe(201);
  const [line] = CartLineList.parse((await call('GET', `/myallcart/${email}`)).body);
  const order = { name: 'Rahima Begum', email, phone: '01712345678', addinfo: 'House 12, Road 5', total: 0 };
  const refused = await call('POST', '/orderplace', { ...order, mycart: [{ ...line, $where: 'sleep(1000)' }] });
  expect({ status: refused.status, body: refused.body }).toEqual({
    status: 400,
    body: {
      error: 'mycart.0: Unrecognized key: "$where"',
      code: 'invalid-request',
      fields: { 'mycart.0': 'mycart.0: Unrecognized key: "$where"' },
    },
  });
  expect(OrderList.parse((await call('GET', '/myorders')).body)).toEqual([]);
  expect(CartLineList.parse((await call('GET', `/myallcart/${email}`)).body)).toEqual([line]);
  await call('DELETE', `/deletecart/${line!._id}`);
});

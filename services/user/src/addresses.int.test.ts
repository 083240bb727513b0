// The address book (issue 54) against the running user service, as the gateway calls it for a
// signed-in shopper: the account is the verified token's, one default while there are addresses,
// another account's address is not there (404), and a refused write changes nothing.
import { randomUUID } from 'node:crypto';
import { AddressBook, MAX_SAVED_ADDRESSES, SavedAddress, type DeliveryAddress } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { identityOf } from '@bazar/testing/shop';

const home: DeliveryAddress = {
  label: 'Home',
  district: 'Dhaka',
  area: 'Dhanmondi',
  road: 'House 12, Road 5',
  flat: '4B',
  landmark: 'Opposite the lake mosque',
  phone: '01712345678',
};
const office: DeliveryAddress = { district: 'Dhaka', area: 'Motijheel', road: '9 Dilkusha C/A', phone: '+8801812345678' };
const mothers: DeliveryAddress = {
  label: "Mother's",
  district: 'Chattogram',
  area: 'Chattogram Sadar',
  road: 'House 3, GEC Circle',
  phone: '01912345678',
};

function accountOf(label: string) {
  const identity = identityOf({ id: randomUUID(), email: `${label}-${randomUUID().slice(0, 8)}@bazar.test` }, 'user');
  const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${stackEnv.userUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...identity },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return {
    call,
    book: async () => AddressBook.parse((await call('/addresses')).body),
    add: (address: unknown, makeDefault?: boolean) => call('/addresses', { method: 'POST', body: { address, makeDefault } }),
    edit: (id: string, address: unknown, makeDefault?: boolean) =>
      call(`/addresses/${id}`, { method: 'PUT', body: { address, makeDefault } }),
    remove: (id: string) => call(`/addresses/${id}`, { method: 'DELETE' }),
  };
}

const saved = (answer: { status: number; body: unknown }) => {
  expect(answer.status).toBe(201);
  return SavedAddress.parse(answer.body);
};

it('keeps several addresses with one default: the first, then the one made default, the newest when the default goes', async () => {
  const rahima = accountOf('rahima');
  expect(await rahima.book()).toEqual([]);

  const first = saved(await rahima.add(home));
  expect(first).toMatchObject({ ...home, isDefault: true });
  const second = saved(await rahima.add(office));
  // a number written +880 is kept in the local form
  expect(second).toMatchObject({ area: 'Motijheel', phone: '01812345678', isDefault: false });
  expect((await rahima.book()).map((one) => [one._id, one.isDefault])).toEqual([
    [first._id, true],
    [second._id, false],
  ]);

  const third = saved(await rahima.add(mothers, true));
  expect((await rahima.book()).map((one) => [one._id, one.isDefault])).toEqual([
    [third._id, true],
    [second._id, false],
    [first._id, false],
  ]);

  const edited = await rahima.edit(first._id, { ...home, flat: '5A' }, true);
  expect(edited).toMatchObject({ status: 200, body: { _id: first._id, flat: '5A', isDefault: true } });
  expect((await rahima.book()).filter((one) => one.isDefault).map((one) => one._id)).toEqual([first._id]);

  // the default removed: the newest left takes its place
  expect(await rahima.remove(first._id)).toMatchObject({ status: 200, body: { deletedCount: 1 } });
  expect((await rahima.book()).map((one) => [one._id, one.isDefault])).toEqual([
    [third._id, true],
    [second._id, false],
  ]);
  await rahima.remove(third._id);
  await rahima.remove(second._id);
  expect(await rahima.book()).toEqual([]);
});

it("answers another account's address as no such address, and leaves it as it was", async () => {
  const owner = accountOf('owner');
  const other = accountOf('other');
  const address = saved(await owner.add(home));
  await other.add(office);
  const before = await other.book();

  expect(await other.edit(address._id, office)).toEqual({ status: 404, body: { error: 'No such address', code: 'no-such-address' } });
  expect(await other.edit(address._id, office, true)).toMatchObject({ status: 404 });
  expect(await other.remove(address._id)).toEqual({ status: 404, body: { error: 'No such address', code: 'no-such-address' } });
  expect(await owner.book()).toEqual([address]);
  expect(await other.book()).toEqual(before);
  // an account without a book gets no book from trying
  const stranger = accountOf('stranger');
  expect((await stranger.remove(address._id)).status).toBe(404);
  expect(await stranger.book()).toEqual([]);
});

it.each([
  ['a district the store does not know', { ...home, district: 'Atlantis' }, 'district'],
  ['an area outside the district', { ...home, district: 'Sylhet', area: 'Dhanmondi' }, 'area'],
  ['a phone that is no Bangladeshi mobile', { ...home, phone: '12345' }, 'phone'],
  ['no road and house', { ...home, road: '  ' }, 'road'],
  ['a road over two lines', { ...home, road: 'House 1\nRoad 2' }, 'road'],
  ['a key the store does not know', { ...home, role: 'admin' }, undefined],
])('refuses %s (400) and writes nothing', async (_what, address, field) => {
  const shopper = accountOf('careless');
  const kept = saved(await shopper.add(home));
  const added = await shopper.add(address);
  expect(added.status).toBe(400);
  expect(added.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  if (field) expect(JSON.stringify(added.body)).toContain(field);
  expect((await shopper.edit(kept._id, address)).status).toBe(400);
  expect(await shopper.book()).toEqual([kept]);
});

it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses`, async () => {
  const shopper = accountOf('collector');
  const answers = await Promise.all(Array.from({ length: MAX_SAVED_ADDRESSES + 2 }, (_, n) => shopper.add({ ...home, flat: `${n}` })));
  // written at the same moment, every one is decided on the book as the one before left it
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
  for (const refused of answers.filter((answer) => answer.status !== 201)) expect(refused.status).toBe(409);
  const book = await shopper.book();
  expect(book).toHaveLength(MAX_SAVED_ADDRESSES);
  expect(book.filter((one) => one.isDefault)).toHaveLength(1);
});

it("keeps an address by any district's upazila or Chattogram city's thana, and refuses an upazila in another district", async () => {
  const shopper = accountOf('beyond-dhaka');
  const patiya = saved(await shopper.add({ ...mothers, area: 'Patiya', road: 'House 4, Thana Road' }));
  expect(patiya).toMatchObject({ district: 'Chattogram', area: 'Patiya', isDefault: true });
  saved(await shopper.add({ ...mothers, area: 'Panchlaish' }));
  saved(await shopper.add({ ...office, district: 'Sylhet', area: 'Companiganj' }));
  saved(await shopper.add({ ...office, district: 'Noakhali', area: 'Companiganj' }));
  const before = await shopper.book();

  const elsewhere = await shopper.add({ ...mothers, district: 'Sylhet', area: 'Patiya' });
  expect(elsewhere.status).toBe(400);
  expect(JSON.stringify(elsewhere.body)).toContain('area');
  expect((await shopper.edit(patiya._id, { ...mothers, district: 'Sylhet', area: 'Patiya' })).status).toBe(400);
  expect(await shopper.book()).toEqual(before);
  expect(before.map((one) => `${one.area}, ${one.district}`).sort()).toEqual([
    'Companiganj, Noakhali',
    'Companiganj, Sylhet',
    'Panchlaish, Chattogram',
    'Patiya, Chattogram',
  ]);
});

it("keeps an address by a thana of Khulna, Rajshahi, Sylhet, Barishal, Rangpur or Gazipur city, and refuses one in another city's district", async () => {
  const shopper = accountOf('city-thana');
  for (const [district, area] of [
    ['Khulna', 'Sonadanga'],
    ['Rajshahi', 'Boalia'],
    ['Sylhet', 'Shah Poran'],
    ['Barishal', 'Kawnia'],
    ['Rangpur', 'Tajhat'],
    ['Gazipur', 'Tongi East'],
  ] as const) {
    expect(saved(await shopper.add({ ...office, district, area }))).toMatchObject({ district, area });
  }
  const before = await shopper.book();

  const elsewhere = await shopper.add({ ...office, district: 'Rajshahi', area: 'Sonadanga' });
  expect(elsewhere.status).toBe(400);
  expect(JSON.stringify(elsewhere.body)).toContain('area');
  expect(await shopper.book()).toEqual(before);
});

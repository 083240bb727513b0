// Text through the running gateway and services: normalised to NFC wherever it is stored, and a
// control or text-direction character, an unknown key, a `$`-prefixed or dotted key refused with
// 400 naming it, with nothing stored.
import { randomInt } from 'node:crypto';
import { ProfileList } from '@bazar/contracts';
import { createAccount, gatewayCall, signedInAndSynced } from '@bazar/testing';

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
  const problem = `${field} must not contain control or text-direction characters`;
  expect(await call('PUT', `/profiledata/${email}`, body)).toMatchObject({
    status: 400,
    body: { error: problem, fields: { [field]: problem } },
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
  expect(await call('DELETE', '/deletecart/0123456789abcdef01234567')).toMatchObject({ status: 404, body: { error: 'No such cart line' } });
});

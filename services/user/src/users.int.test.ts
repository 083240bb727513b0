// Input handling of the running user service, called as the gateway does (an identity token).
import { randomUUID } from 'node:crypto';
import { identityOf } from '@bazar/testing/identity';

const USER_URL = process.env.USER_URL ?? 'http://127.0.0.1:4004';
const email = `input${randomUUID().slice(0, 8)}@example.com`;
const as = (role: 'user' | 'admin', as = email) => ({
  ...identityOf({ id: randomUUID(), email: as, role }),
  'content-type': 'application/json',
});

async function call(method: string, path: string, body?: unknown, role: 'user' | 'admin' = 'user') {
  const response = await fetch(`${USER_URL}${path}`, {
    method,
    headers: as(role),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const profile = { phone: '01712345678', address: 'Road 5, Dhanmondi', img: '/media/me.webp' };

beforeAll(async () => expect((await call('PUT', `/users/${email}`, {})).status).toBe(201));

it('refuses query operators and malformed emails or ids with 400', async () => {
  expect(await call('PUT', `/users/${email}`, { email: { $gt: '' } })).toEqual({
    status: 400,
    body: {
      error: 'email: Invalid input: expected string, received object',
      code: 'invalid-request',
      fields: { email: 'email: Invalid input: expected string, received object' },
    },
  });
  expect((await call('GET', '/admin/not-an-email')).status).toBe(400);
  expect(await call('DELETE', '/delete/not-an-id', undefined, 'admin')).toEqual({
    status: 400,
    body: { error: 'params id must be a 24-character hex id', code: 'invalid-request' },
  });
  expect((await call('PUT', `/makeadmin/${encodeURIComponent('{"$ne":null}')}`, undefined, 'admin')).status).toBe(400);
});

it('answers 404 for unknown users', async () => {
  expect(await call('PUT', '/makeadmin/nobody@example.com', undefined, 'admin')).toEqual({
    status: 404,
    body: { error: 'No such user', code: 'no-such-user' },
  });
  expect(await call('DELETE', '/delete/0123456789abcdef01234567', undefined, 'admin')).toEqual({
    status: 404,
    body: { error: 'No such user', code: 'no-such-user' },
  });
  expect(await call('GET', '/admin/nobody@example.com', undefined, 'admin')).toEqual({
    status: 404,
    body: { error: 'No such user', code: 'no-such-user' },
  });
});

it('refuses an image URL whose host no URL can have with 400, not 500', async () => {
  const refused = await call('PUT', `/profiledata/${email}`, { ...profile, img: 'http://[/media/me.webp' });
  expect(refused).toEqual({
    status: 400,
    body: {
      error: 'img must be an image uploaded to the store',
      code: 'invalid-request',
      fields: { img: 'img must be an image uploaded to the store' },
    },
  });
});

it('keeps a profile with a Bangladeshi mobile number and an image of the store', async () => {
  expect(await call('GET', `/myprofiledata/${email}`)).toEqual({ status: 200, body: [] });
  const saved = await call('PUT', `/profiledata/${email}`, { ...profile, phone: '+880 1712-345678' });
  expect(saved).toMatchObject({
    status: 200,
    body: { result: { acknowledged: true }, profile: { email, phone: '01712345678', img: '/media/me.webp' } },
  });
  expect((await call('GET', `/myprofiledata/${email}`)).body).toEqual([
    expect.objectContaining({ phone: '01712345678', address: 'Road 5, Dhanmondi' }),
  ]);
  expect(await call('PUT', `/profiledata/${email}`, { ...profile, img: 'http://localhost:8080/media/me.webp' })).toMatchObject({
    status: 200,
  });
});

it.each([
  [{ phone: '0171234567' }, 'phone must be a Bangladeshi mobile number such as 01712345678'],
  [{ address: '   ' }, 'address is required'],
  [{ address: 'x'.repeat(301) }, 'address must be at most 300 characters'],
  [{ img: 'https://evil.example/pic.png' }, 'img must be an image uploaded to the store'],
])('refuses the profile change %j, naming the field', async (change, error) => {
  const field = Object.keys(change)[0] as string;
  expect(await call('PUT', `/profiledata/${email}`, { ...profile, ...change })).toEqual({
    status: 400,
    body: { error, code: 'invalid-request', fields: { [field]: error } },
  });
});

it('refuses an image of another origin (checked after the schema), naming the field as the schema would', async () => {
  const error = 'img must be an image uploaded to the store';
  expect(await call('PUT', `/profiledata/${email}`, { ...profile, img: 'https://evil.example/media/pic.png' })).toEqual({
    status: 400,
    body: { error, code: 'not-an-uploaded-image', fields: { img: error } },
  });
});

it("refuses a sync of someone else's email in the body, naming the field; another address in the path names none", async () => {
  const error = 'You can only sync your own account';
  expect(await call('PUT', `/users/${email}`, { email: 'someone@example.com' })).toEqual({
    status: 403,
    body: { error, code: 'own-account-only', fields: { email: error } },
  });
  expect(await call('PUT', '/users/someone@example.com', {})).toEqual({ status: 403, body: { error, code: 'own-account-only' } });
});

it('requires every review field, bounded', async () => {
  expect(await call('POST', '/review', { firstName: 'Rahim', lastName: '', des: 'Good' })).toEqual({
    status: 400,
    body: { error: 'lastName is required', code: 'invalid-request', fields: { lastName: 'lastName is required' } },
  });
  expect(await call('POST', '/review', { firstName: 'Rahim', lastName: 'Uddin', des: 'x'.repeat(2001) })).toEqual({
    status: 400,
    body: { error: 'des must be at most 2000 characters', code: 'invalid-request', fields: { des: 'des must be at most 2000 characters' } },
  });
  expect(await call('POST', '/review', { firstName: 'Rahim', lastName: 'Uddin', des: 'Good rice' })).toMatchObject({
    status: 201,
    body: { acknowledged: true },
  });
});

it('keeps the language the shopper chose with the account; a sync without one leaves it as it was', async () => {
  const other = `language${randomUUID().slice(0, 8)}@example.com`;
  const sync = (body: unknown) =>
    fetch(`${USER_URL}/users/${other}`, {
      method: 'PUT',
      headers: as('user', other),
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { user: Record<string, unknown> } }));

  const first = await sync({});
  expect(first.status).toBe(201);
  expect(first.body.user).not.toHaveProperty('language');
  expect((await sync({ language: 'bn' })).body.user).toMatchObject({ email: other, language: 'bn' });
  expect((await sync({ name: 'Rahim' })).body.user).toMatchObject({ language: 'bn' });
  expect((await sync({ language: 'en' })).body.user).toMatchObject({ language: 'en' });
  expect(await sync({ language: 'fr' })).toEqual({
    status: 400,
    body: {
      error: expect.stringMatching(/^language: /),
      code: 'invalid-request',
      fields: { language: expect.stringMatching(/^language: /) },
    },
  });
  expect((await sync({})).body.user).toMatchObject({ language: 'en' });
});

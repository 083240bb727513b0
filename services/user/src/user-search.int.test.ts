// The admin's accounts list a page at a time and searched by the user service (issue 54, item 8),
// called as the gateway does (an identity token): the page, the total in X-Total-Count, the search
// in any case and as written (never as a pattern), and the spec's plain call still every account.
import { randomUUID } from 'node:crypto';
import { TOTAL_COUNT_HEADER, UserList } from '@bazar/contracts';
import { identityOf } from '@bazar/testing/identity';

const USER_URL = process.env.USER_URL ?? 'http://127.0.0.1:4004';
const run = randomUUID().slice(0, 8);
const admin = identityOf({ id: randomUUID(), email: 'admin@bazar.test', role: 'admin' });
// three accounts of this run, in the order they are made (oldest first), and one whose name only holds the run
const emails = ['one', 'two', 'three'].map((n) => `find${run}.${n}@example.com`);
const named = `other${randomUUID().slice(0, 8)}@example.com`;

async function allUsers(query: string, headers: Record<string, string> = admin) {
  const response = await fetch(`${USER_URL}/allusers${query}`, { headers });
  return { status: response.status, total: response.headers.get(TOTAL_COUNT_HEADER), body: (await response.json()) as unknown };
}

beforeAll(async () => {
  for (const [email, name] of [...emails.map((email) => [email, 'Test Shopper']), [named, `Rahima Find${run.toUpperCase()}`]]) {
    const response = await fetch(`${USER_URL}/users/${email}`, {
      method: 'PUT',
      headers: { ...identityOf({ id: randomUUID(), email: email!, name: name! }), 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(201);
  }
});

it('answers a page of the accounts whose email or name holds the search, in any case, with how many match', async () => {
  const first = await allUsers(`?q=FIND${run}&pageSize=2`);
  expect(first.status).toBe(200);
  expect(first.total).toBe('4');
  expect(UserList.parse(first.body).map((user) => user.email)).toEqual(emails.slice(0, 2));
  const second = await allUsers(`?q=find${run}&page=2&pageSize=2`);
  expect(UserList.parse(second.body).map((user) => user.email)).toEqual([emails[2], named]);
  // by name alone
  expect(UserList.parse((await allUsers(`?q=${encodeURIComponent(`rahima find${run}`)}`)).body).map((user) => user.email)).toEqual([named]);
  // what is typed is looked for as it is: a dot is a dot
  expect((await allUsers(`?q=find${run}xone&pageSize=5`)).total).toBe('0');
  expect((await allUsers(`?q=${encodeURIComponent(`find${run}.one@`)}`)).total).toBe('1');
  expect((await allUsers(`?q=${encodeURIComponent('.*')}&pageSize=1`)).total).toBe('0');
});

it('still answers every account to a plain call, as the spec has it', async () => {
  const every = await allUsers('');
  expect(every.total).toBeNull();
  expect(UserList.parse(every.body).map((user) => user.email)).toEqual(expect.arrayContaining([...emails, named]));
});

it('refuses a page out of bounds, and anyone but an admin', async () => {
  expect(await allUsers('?pageSize=51')).toMatchObject({
    status: 400,
    body: { error: expect.stringContaining('pageSize'), code: 'invalid-request' },
  });
  expect(await allUsers('?page=0')).toMatchObject({ status: 400 });
  expect(await allUsers('?role=admin')).toMatchObject({ status: 400 });
  expect((await allUsers('?q=a', identityOf({ id: randomUUID(), email: emails[0]! }))).status).toBe(403);
  expect((await allUsers('?q=a', {})).status).toBe(401);
});

// A deleted account's tokens stop at the gateway from the next request, not when they expire; the
// same address signed up again is a new account, and gets in.
import { randomInt } from 'node:crypto';
import { UserList } from '@bazar/contracts';
import { ACCOUNTS, createAccount, eventually, gatewayCall, keycloakAccount, signedInAndSynced } from '@bazar/testing';

const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const call = (method: string, path: string, token: string) => gatewayCall(method, path, token, undefined, from);

it('refuses a deleted account’s token on the very next request, and lets the address’s new account in', async () => {
  const account = await createAccount('revoked');
  const token = await signedInAndSynced(account);
  expect((await call('GET', '/myorders', token)).status).toBe(200);

  const adminToken = await signedInAndSynced(ACCOUNTS.admin);
  const record = UserList.parse((await call('GET', '/allusers', adminToken)).body).find((user) => user.email === account.email)!;
  expect((await call('DELETE', `/delete/${record._id}`, adminToken)).status).toBe(200);

  // the token is still within its five minutes, and still signed by the realm
  for (const path of ['/myorders', `/myallcart/${account.email}`, `/myprofiledata/${account.email}`])
    expect(await call('GET', path, token)).toMatchObject({
      status: 401,
      body: { error: 'This account has been deleted', code: 'account-deleted' },
    });

  await eventually(async () => expect(await keycloakAccount(account.email)).toBeUndefined());
  const again = await signedInAndSynced(await createAccount('revoked', account.email));
  expect((await call('GET', '/myorders', again)).status).toBe(200);
});

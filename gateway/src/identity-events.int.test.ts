// Role changes and deletions through the running gateway, and their effects in Keycloak, the
// gateway's role cache and the cart service.
import { CartLineList, ProductList, SyncUserAnswer, UserList } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { createRedis } from '@bazar/service-kit/redis';
import {
  ACCOUNTS,
  createAccount,
  eventually,
  gatewayCall as call,
  keycloakAccount,
  keycloakAdmin,
  newShopper,
  signIn,
  stackEnv,
  syncAccount as sync,
  type TestAccount,
} from '@bazar/testing';
import { identityOf } from '@bazar/testing/identity';
import { roleCacheKey } from './auth/roles';

let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  admin = { email: ACCOUNTS.admin.email, token: await signIn(ACCOUNTS.admin.email, ACCOUNTS.admin.password) };
  shopper = await newShopper('promoted');
  expect((await sync(admin)).status).toBeLessThan(300);
});

it('seeds the realm admin as an admin and a new shopper as a plain user, on first sync', async () => {
  expect(SyncUserAnswer.parse((await sync(admin)).body).role).toBe('admin');
  const first = await sync(shopper);
  expect(first.status).toBe(201);
  expect(SyncUserAnswer.parse(first.body)).toMatchObject({
    role: 'user',
    user: { email: shopper.email, role: 'user', name: 'Test promoted' },
  });
  expect((await sync(shopper)).status).toBe(200);
});

it('lets a realm admin who called before their first sync act as an admin from the request after it', async () => {
  const account = await createAccount('realmadmin');
  const { id } = (await keycloakAccount(account.email))!;
  const adminRole = (await (await keycloakAdmin('GET', '/roles/admin')).json()) as unknown;
  expect((await keycloakAdmin('POST', `/users/${id}/role-mappings/realm`, [adminRole])).status).toBe(204);
  const realmAdmin = { email: account.email, token: await signIn(account.email, account.password) };
  const redis = createRedis(stackEnv.redisUrl, createLogger('identity-events-test', 'silent'));
  await new Promise((resolve) => redis.once('ready', resolve));
  try {
    // no record yet: a plain user, and the gateway remembers that
    expect((await call('GET', '/allusers', realmAdmin.token)).status).toBe(403);
    expect(await redis.get(roleCacheKey(account.email))).toBe('user');
    // the gateway drops it as the sync's answer goes out, ahead of the next request's lookup, rather
    // than whenever the role-changed event arrives
    expect(SyncUserAnswer.parse((await sync(realmAdmin)).body).role).toBe('admin');
    expect((await call('GET', '/allusers', realmAdmin.token)).status).toBe(200);
  } finally {
    await redis.quit();
    await call('PUT', `/removeadmin/${account.email}`, admin.token);
  }
});

it('makes an admin whose next request, with the same token, is an admin’s; Keycloak follows', async () => {
  expect((await call('GET', '/allusers', shopper.token)).status).toBe(403);
  expect(await call('GET', `/admin/${shopper.email}`, shopper.token)).toMatchObject({ status: 200, body: { admin: false } });

  expect(await call('PUT', `/makeadmin/${shopper.email}`, admin.token)).toMatchObject({
    status: 200,
    body: { acknowledged: true, modifiedCount: 1 },
  });
  expect((await call('GET', '/allusers', shopper.token)).status).toBe(200);
  expect(await call('GET', `/admin/${shopper.email}`, shopper.token)).toMatchObject({ status: 200, body: { admin: true } });
  expect(await call('PUT', `/makeadmin/${shopper.email}`, admin.token)).toMatchObject({ status: 200, body: { modifiedCount: 0 } });
  await eventually(async () => expect((await keycloakAccount(shopper.email))?.realmRoles).toContain('admin'));

  expect(await call('PUT', `/removeadmin/${shopper.email}`, admin.token)).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
  expect((await call('GET', '/allusers', shopper.token)).status).toBe(403);
  await eventually(async () => expect((await keycloakAccount(shopper.email))?.realmRoles).not.toContain('admin'));
});

it('never demotes the last admin, and an admin never deletes themself', async () => {
  const users = UserList.parse((await call('GET', '/allusers', admin.token)).body);
  const admins = users.filter((u) => u.role === 'admin');
  // demote every other admin left by earlier runs, so that the seeded admin is the last one
  for (const other of admins.filter((u) => u.email !== admin.email))
    expect((await call('PUT', `/removeadmin/${other.email}`, admin.token)).status).toBe(200);
  expect(await call('PUT', `/removeadmin/${admin.email}`, admin.token)).toEqual(
    expect.objectContaining({
      status: 409,
      body: { error: 'The last admin cannot be demoted; make someone else an admin first', code: 'last-admin' },
    }),
  );
  const self = users.find((u) => u.email === admin.email)!;
  expect(await call('DELETE', `/delete/${self._id}`, admin.token)).toEqual(
    expect.objectContaining({
      status: 409,
      body: { error: 'An admin cannot delete their own account', code: 'cannot-delete-own-account' },
    }),
  );
});

it('deletes a user: the Keycloak account and the cart go, the record disappears, the old token cannot bring it back', async () => {
  const doomed = await newShopper('doomed');
  await sync(doomed);
  const [product] = ProductList.parse((await call('GET', '/products')).body).filter((p) => p.quantity > 20);
  expect((await call('POST', '/addtocart', doomed.token, { productId: product!._id })).status).toBe(201);
  const { _id } = UserList.parse((await call('GET', '/allusers', admin.token)).body).find((u) => u.email === doomed.email)!;

  expect(await call('DELETE', `/delete/${_id}`, admin.token)).toMatchObject({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
  expect(UserList.parse((await call('GET', '/allusers', admin.token)).body).map((u) => u.email)).not.toContain(doomed.email);
  expect(await call('DELETE', `/delete/${_id}`, admin.token)).toMatchObject({
    status: 404,
    body: { error: 'No such user', code: 'no-such-user' },
  });
  await eventually(async () => expect(await keycloakAccount(doomed.email)).toBeUndefined());
  // the token is still signed and unexpired, but the gateway refuses it: it cannot sync the deleted
  // account back into the store, nor read what is left of it
  expect(await sync(doomed)).toMatchObject({ status: 401, body: { error: 'This account has been deleted', code: 'account-deleted' } });
  expect((await call('GET', `/myallcart/${doomed.email}`, doomed.token)).status).toBe(401);
  // the cart service has dropped the lines (asked directly, as the gateway would have)
  const identity = identityOf({ id: 'identity-events-test', email: doomed.email });
  await eventually(async () =>
    expect(CartLineList.parse(await (await fetch(`${stackEnv.cartUrl}/myallcart/${doomed.email}`, { headers: identity })).json())).toEqual(
      [],
    ),
  );
});

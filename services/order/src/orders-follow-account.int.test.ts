// Orders belong to the account, not to its email: after an admin deletes a shopper, a new account
// registered under the same address sees none of the old orders, while the admin still has them
// (fulfilment, accounting). Real Keycloak accounts, through the gateway.
import { randomInt } from 'node:crypto';
import { OrderList, OrderPage, PlaceOrderAnswer, UserList } from '@bazar/contracts';
import { ACCOUNTS, createAccount, eventually, gatewayCall, keycloakAccount, signedInAndSynced } from '@bazar/testing';
import { TestShelf } from '@bazar/testing/shop';

// this file's own address, so the per-address limits count it apart from other tests
const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const call = (method: string, path: string, token: string, body?: unknown) => gatewayCall(method, path, token, body, from);
const shelf = new TestShelf();
afterAll(() => shelf.clear());

it('shows a re-registered address none of the deleted account’s orders; the admin keeps them', async () => {
  const rice = await shelf.stock('Account Rice', 80, 10);
  const first = await createAccount('reborn');
  const firstToken = await signedInAndSynced(first);
  expect((await call('POST', '/addtocart', firstToken, { productId: rice, cartQuantity: 2 })).status).toBe(201);
  const placed = await call('POST', '/orderplace', firstToken, {
    name: 'First Owner',
    email: first.email,
    phone: '01712345678',
    addinfo: 'Road 1',
  });
  expect(placed.status).toBe(201);
  const { insertedId } = PlaceOrderAnswer.parse(placed.body);

  const adminToken = await signedInAndSynced(ACCOUNTS.admin);
  const users = UserList.parse((await call('GET', '/allusers', adminToken)).body);
  const record = users.find((user) => user.email === first.email)!;
  expect((await call('DELETE', `/delete/${record._id}`, adminToken)).status).toBe(200);
  await eventually(async () => expect(await keycloakAccount(first.email)).toBeUndefined());

  const again = await createAccount('reborn', first.email);
  const newToken = await signedInAndSynced(again);
  expect(OrderList.parse((await call('GET', '/myorders', newToken)).body)).toEqual([]);
  expect((await call('PUT', `/orders/${insertedId}/cancel`, newToken)).status).toBe(404);

  const kept = OrderPage.parse((await call('GET', `/allorders?q=${encodeURIComponent(first.email)}`, adminToken)).body);
  expect(kept.orders.map((order) => [order._id, order.name, order.addinfo])).toEqual([[insertedId, 'First Owner', 'Road 1']]);
});

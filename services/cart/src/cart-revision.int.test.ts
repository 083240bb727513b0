// The cart's revision, which the cart service names to the order service directly (the order
// claims the revision it was placed from): raised by every change of the lines, never reused.
import { randomUUID } from 'node:crypto';
import { CartLine, TOPICS, type UserDeleted } from '@bazar/contracts';
import { eventually, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { sendMessages, shopper, TestShelf } from '@bazar/testing/shop';

const shelf = new TestShelf();
afterAll(() => shelf.clear());

async function deleteUser(email: string): Promise<void> {
  const userId = new mongoose.Types.ObjectId().toString();
  const event: UserDeleted = { id: randomUUID(), type: 'UserDeleted', occurredAt: new Date().toISOString(), payload: { userId, email } };
  await sendMessages(TOPICS.userDeleted, [{ key: userId, value: JSON.stringify(event) }]);
}

it('is named in the ETag of GET /myallcart and raised by every change of the lines; the answer stays the list of lines', async () => {
  const limes = await shelf.stock('Revision Limes', 12.5, 5);
  const me = shopper('revisions');
  expect(await me.cartRevision()).toBe('"0"');
  const added = CartLine.parse((await me.addToCart(limes, 1)).body);
  expect(await me.cartRevision()).toBe('"1"');
  expect(await me.cartRevision()).toBe('"1"'); // reading changes nothing
  expect((await me.addToCart(limes, 1)).status).toBe(200);
  expect(await me.cartRevision()).toBe('"2"');
  expect((await me.call(`${stackEnv.cartUrl}/cartquantity/${added._id}`, { method: 'PUT', body: { cartQuantity: 3 } })).status).toBe(200);
  expect(await me.cartRevision()).toBe('"3"');
  expect(await me.call(`${stackEnv.cartUrl}/myallcart/${me.email}`)).toEqual({ status: 200, body: [{ ...added, cartQuantity: 3 }] });
  expect((await me.call(`${stackEnv.cartUrl}/deletecart/${added._id}`, { method: 'DELETE' })).status).toBe(200);
  expect(await me.cartRevision()).toBe('"4"');
});

it('goes on counting after the shopper is deleted, so a cart started again under the address repeats no revision', async () => {
  const limes = await shelf.stock('Deleted Limes', 12.5, 5);
  const me = shopper('deleted');
  expect((await me.addToCart(limes, 2)).status).toBe(201);
  expect(await me.cartRevision()).toBe('"1"');

  await deleteUser(me.email);
  await eventually(async () => expect(await me.cartRevision()).toBe('"2"'));
  expect(await me.cart()).toEqual([]);
  expect((await me.addToCart(limes, 1)).status).toBe(201);
  expect(await me.cartRevision()).toBe('"3"');
});

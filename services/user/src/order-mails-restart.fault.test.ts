// An order mail is sent once even when the user service dies between sending it and committing the
// event (issue 54, item 7): the service is killed after the confirmation went out, its consumer
// group's offset on order-placed is put back before the event (what a crash before committing
// leaves), and the service started again reads the event again and sends nothing, since the mail's
// own record (sent_mails) was written before it went: no ledger of applied events is kept beside it.
// Runs alone (BAZAR_TEST_PHASE=alone): it stops the stack's user service.
import { consumerGroupId } from '@bazar/service-kit/kafka';
import { PlaceOrderAnswer, TOPICS } from '@bazar/contracts';
import { eventually, mailbox, stackControl, stackEnv } from '@bazar/testing';
import { commitOffset, committedOffsets, describeConsumerGroups, identityOf, readTopic, shopper, TestShelf } from '@bazar/testing/shop';
import mongoose from 'mongoose';

jest.setTimeout(180_000);

const GROUP = consumerGroupId('user', TOPICS.orderPlaced);
const shelf = new TestShelf();
let users: mongoose.Connection;

beforeAll(async () => {
  users = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'user' }).asPromise();
});
afterAll(async () => {
  await stackControl.start('user').catch(() => undefined);
  await shelf.clear();
  await users?.close();
});

/** Where the OrderPlaced event of `orderId` lies on its topic, and its id. */
async function placedEventOf(orderId: string): Promise<{ id: string; partition: number; offset: bigint }> {
  let found: { id: string; partition: number; offset: bigint } | undefined;
  await readTopic(
    TOPICS.orderPlaced,
    ({ partition, offset, value }) => {
      try {
        const event = JSON.parse(value ?? '') as { id: string; payload?: { orderId?: string } };
        if (event.payload?.orderId === orderId) found = { id: event.id, partition, offset };
      } catch {
        return;
      }
    },
    { enough: () => found !== undefined, moreWithinMs: 60_000 },
  );
  if (!found) throw new Error(`no order-placed event of ${orderId}`);
  return found;
}

it('sends the confirmation once when the service dies after sending and before committing', async () => {
  const tea = await shelf.stock('Restart Tea', 90, 10);
  const buyer = shopper('restart');
  const synced = await fetch(`${stackEnv.userUrl}/users/${buyer.email}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...identityOf({ id: buyer.id, email: buyer.email, name: 'Nasrin' }) },
    body: JSON.stringify({ language: 'en' }),
  });
  expect(synced.status).toBe(201);
  expect((await buyer.addToCart(tea, 1)).status).toBe(201);
  const placed = await buyer.placeOrder();
  expect(placed.status).toBe(201);
  const { _id: orderId } = PlaceOrderAnswer.parse(placed.body).order;
  await mailbox.waitFor(buyer.email, { subject: /is placed$/ });
  const event = await placedEventOf(orderId);

  // the crash: the service goes at once; its group empties once its session times out
  await stackControl.stop('user', { kill: true });
  await eventually(async () => {
    const [group] = await describeConsumerGroups([GROUP]);
    expect(['Empty', 'Dead']).toContain(group?.state);
  }, 60_000);
  // ... as if it had died before committing its offset
  await commitOffset(GROUP, TOPICS.orderPlaced, event.partition, event.offset);

  await stackControl.start('user');
  // read again: the group has committed past it
  await eventually(async () => {
    const offset = (await committedOffsets(GROUP)).get(TOPICS.orderPlaced)?.get(event.partition) ?? -1n;
    expect(offset).toBeGreaterThan(event.offset);
  }, 60_000);

  expect((await mailbox.list(buyer.email)).map((mail) => mail.subject)).toEqual([
    `Your Bazar order #${orderId.slice(-6).toUpperCase()} is placed`,
  ]);
  expect(await users.collection('sent_mails').countDocuments({ orderId })).toBe(1);
});

// The order's steps mail its shopper (issue 54, item 7), on the stack's services, broker and mail
// sink: a confirmation from order-placed, "out for delivery" and "delivered" from
// order-status-changed, in the account's language, once each, also when an event is delivered
// twice, as after the service died between sending and committing: the record of the mail itself is
// what stops it, no ledger of applied events being kept for these.
import { consumerGroupId } from '@bazar/service-kit/kafka';
import { PlaceOrderAnswer, TOPICS, type Topic } from '@bazar/contracts';
import { eventually, mailbox, stackEnv } from '@bazar/testing';
import {
  adminIdentity,
  committedOffsets,
  identityOf,
  publishedOrderEvents,
  sendMessages,
  shopper,
  TestShelf,
  topicEnds,
} from '@bazar/testing/shop';
import mongoose from 'mongoose';

const shelf = new TestShelf();
let users: mongoose.Connection;

beforeAll(async () => {
  users = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'user' }).asPromise();
});
afterAll(async () => {
  await shelf.clear();
  await users?.close();
});

/** The user service's consumer of `topic` has committed every message on it now. */
async function mailerCaughtUp(topic: Topic): Promise<void> {
  const ends = await topicEnds(topic);
  await eventually(async () => {
    const committed = (await committedOffsets(consumerGroupId('user', topic))).get(topic);
    for (const [partition, end] of ends) {
      const offset = Number(committed?.get(partition) ?? -1);
      expect(Math.max(offset, 0)).toBeGreaterThanOrEqual(Number(end));
    }
  }, 30_000);
}

async function publishAgain(topic: Topic, event: { id: string; payload: { orderId: string } }): Promise<void> {
  await sendMessages(topic, [{ key: event.payload.orderId, value: JSON.stringify(event) }]);
}

/** A shopper with an account in the user service, as the store's first sign-in makes it. */
async function signUp(label: string, name: string, language?: 'en' | 'bn') {
  const buyer = shopper(label);
  const synced = await fetch(`${stackEnv.userUrl}/users/${buyer.email}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...identityOf({ id: buyer.id, email: buyer.email, name }) },
    body: JSON.stringify(language ? { language } : {}),
  });
  expect(synced.status).toBe(201);
  return buyer;
}

async function move(orderId: string, status: string): Promise<void> {
  const answer = await fetch(`${stackEnv.orderUrl}/orderstatus/${orderId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...adminIdentity },
    body: JSON.stringify({ status }),
  });
  expect(answer.status).toBe(200);
}

it('mails each step once in the account’s language, also when its event comes twice', async () => {
  const fish = await shelf.stock('Mail Hilsa', 1450, 10, { name_bn: 'মেইল ইলিশ' });
  const buyer = await signUp('mailed', 'Rahima Khatun', 'bn');
  expect((await buyer.addToCart(fish, 2)).status).toBe(201);
  const placed = await buyer.placeOrder();
  expect(placed.status).toBe(201);
  const order = PlaceOrderAnswer.parse(placed.body).order;
  const ref = `#${order._id.slice(-6).toUpperCase()}`;

  // the confirmation, in Bangla, with the order's lines and total as the order service priced them
  const confirmation = await mailbox.waitFor(buyer.email, { subject: /গ্রহণ করা হয়েছে/ });
  expect(confirmation.subject).toBe(`আপনার বাজার অর্ডার ${ref} গ্রহণ করা হয়েছে`);
  expect(confirmation.from).toBe('no-reply@bazar.test');
  expect(confirmation.text).toContain('প্রিয় Rahima Khatun,');
  expect(confirmation.text).toMatch(/মেইল ইলিশ × ২ {2}২,৯০০\.০০৳/);
  expect(confirmation.text).toContain(
    `সর্বমোট: ${new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT', currencyDisplay: 'narrowSymbol' }).format(order.total)}`,
  );
  expect(confirmation.html).toContain('border-top:5px solid #15803d');
  expect(confirmation.links).toEqual([`http://localhost:8080/dashboard/my-orders`, `http://localhost:8080/receipt/${order._id}`]);

  // on its way, then delivered: a mail each; confirmed and packed send none
  expect((await buyer.confirm(order._id)).status).toBe(200);
  await move(order._id, 'packed');
  await move(order._id, 'out-for-delivery');
  const onItsWay = await mailbox.waitFor(buyer.email, { subject: /ডেলিভারির পথে/ });
  expect(onItsWay.subject).toBe(`আপনার বাজার অর্ডার ${ref} ডেলিভারির পথে`);
  await move(order._id, 'delivered');
  const delivered = await mailbox.waitFor(buyer.email, { subject: /পৌঁছে গেছে/ });
  expect(delivered.text).toContain('বাজার থেকে কেনাকাটার জন্য ধন্যবাদ');

  // each event delivered again, as it was: nothing more is sent
  const [placedEvent] = await publishedOrderEvents([order._id], TOPICS.orderPlaced);
  const moves = await publishedOrderEvents([order._id], TOPICS.orderStatusChanged);
  const deliveredEvent = moves.find((event) => event.payload.status === 'delivered');
  expect(placedEvent).toBeDefined();
  expect(deliveredEvent).toBeDefined();
  await publishAgain(TOPICS.orderPlaced, placedEvent!);
  await publishAgain(TOPICS.orderStatusChanged, deliveredEvent!);

  await mailerCaughtUp(TOPICS.orderPlaced);
  await mailerCaughtUp(TOPICS.orderStatusChanged);
  // applied again, and the mail's record stopped them: no ledger of applied events was read or kept
  const ledger = users.collection<{ _id: string }>('applied_events');
  expect(await ledger.countDocuments({ _id: { $regex: `/(${placedEvent!.id}|${deliveredEvent!.id})$` } })).toBe(0);

  const subjects = (await mailbox.list(buyer.email)).map((mail) => mail.subject).sort();
  expect(subjects).toEqual(
    [`আপনার বাজার অর্ডার ${ref} গ্রহণ করা হয়েছে`, `আপনার বাজার অর্ডার ${ref} ডেলিভারির পথে`, `আপনার বাজার অর্ডার ${ref} পৌঁছে গেছে`].sort(),
  );
  const sent = await users.collection('sent_mails').find({ orderId: order._id }).toArray();
  expect(sent.map((mail) => [mail.kind, mail.state]).sort()).toEqual([
    ['delivered', 'sent'],
    ['out-for-delivery', 'sent'],
    ['placed', 'sent'],
  ]);
});

it('writes to an account that chose no language in English', async () => {
  const tea = await shelf.stock('Mail Tea', 80, 10);
  const buyer = await signUp('english', 'Karim');
  expect((await buyer.addToCart(tea, 1)).status).toBe(201);
  const placed = await buyer.placeOrder();
  expect(placed.status).toBe(201);
  const { _id } = PlaceOrderAnswer.parse(placed.body).order;
  const mail = await mailbox.waitFor(buyer.email, { subject: /is placed/ });
  expect(mail.subject).toBe(`Your Bazar order #${_id.slice(-6).toUpperCase()} is placed`);
  expect(mail.text).toContain('Hello Karim,');
  expect(mail.text).toMatch(/Mail Tea \S+ × 1 {2}৳80\.00/);
});

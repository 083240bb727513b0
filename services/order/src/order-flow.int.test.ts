// The order round trip on the running stack: an order placed with the order service is published
// through its outbox; the catalog takes the stock and the cart drops the ordered lines, each
// exactly once, even when the event is delivered a second time.
import { randomUUID } from 'node:crypto';
import { CART_ALREADY_ORDERED, PlaceOrderAnswer, TOPICS, type OrderPlaced } from '@bazar/contracts';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { consumersCaughtUp, publishedOrderEvents, shopper, TestShelf, type Shopper } from '../test/shop';
import { eventually, stackEnv } from '@bazar/testing';

const kafka = new Kafka({ clientId: 'order-flow-test', brokers: stackEnv.kafkaBrokers, logLevel: logLevel.NOTHING });
const shelf = new TestShelf();
const me = shopper();

let rice: { _id: string };
let dal: { _id: string };

beforeAll(async () => {
  rice = { _id: await shelf.stock('Chinigura Rice', 165, 50) };
  dal = { _id: await shelf.stock('Mug Dal', 175, 50) };
});

afterAll(() => shelf.clear());

it('refuses an empty cart', async () => {
  expect(await me.placeOrder(`empty-${randomUUID()}`)).toEqual({ status: 400, body: { error: 'Your cart is empty' } });
});

it("refuses an order in someone else's name, naming the email field", async () => {
  const error = 'You can only place orders for your own account';
  expect(
    await me.call(`${stackEnv.orderUrl}/orderplace`, { method: 'POST', body: { name: 'Test Shopper', email: 'someone@example.com' } }),
  ).toEqual({ status: 403, body: { error, fields: { email: error } } });
});

it('places the cart as an order with server-side totals, once per idempotency key, and both consumers apply it once', async () => {
  expect((await me.addToCart(rice._id, 2)).status).toBe(201);
  expect((await me.addToCart(dal._id, 1)).status).toBe(201);
  expect((await me.addToCart(rice._id, 1)).status).toBe(200); // same product: the line grows
  const riceBefore = await shelf.stockOf(rice._id);
  const dalBefore = await shelf.stockOf(dal._id);

  const key = `order-${randomUUID()}`;
  const placed = await me.placeOrder(key, 1); // a wrong client total is ignored
  expect(placed.status).toBe(201);
  const { order, insertedId } = PlaceOrderAnswer.parse(placed.body);
  expect(order.items.map((i) => [i.productId, i.quantity])).toEqual([
    [rice._id, 3],
    [dal._id, 1],
  ]);
  expect(order.items[0]?.name).toMatch(/^Chinigura Rice /);
  expect(order).toMatchObject({
    subtotal: 3 * 165 + 175,
    vat: 33.5,
    delivery: 70,
    total: 670 + 33.5 + 70,
    status: 'pending-payment',
    phone: '01712345678',
  });

  const again = await me.placeOrder(key, 1);
  expect(again.status).toBe(200);
  expect(PlaceOrderAnswer.parse(again.body).insertedId).toBe(insertedId);

  await eventually(async () => expect(await me.cart()).toEqual([]));
  // the catalog takes each product's pieces in a write of its own
  await eventually(async () => expect(await shelf.stockOf(rice._id)).toBe(riceBefore - 3));
  await eventually(async () => expect(await shelf.stockOf(dal._id)).toBe(dalBefore - 1));

  // the shopper fills the cart again; a repeat of the old event must leave the new line alone
  expect((await me.addToCart(dal._id, 1)).status).toBe(201);
  const [refilled] = await me.cart();

  // deliver the very same event again, as Kafka may after a lost commit
  const published = await publishedOrderEvents(kafka, [insertedId]);
  expect(published).toHaveLength(1);
  const [event] = published as [OrderPlaced];
  expect(event.payload).toMatchObject({ orderId: insertedId, userEmail: me.email });
  // the repeat names the refilled line too, so a cart consumer that applied it again would drop it
  const repeat = { ...event, payload: { ...event.payload, cartLineIds: [...event.payload.cartLineIds, refilled!._id] } };
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic: TOPICS.orderPlaced, messages: [{ key: insertedId, value: JSON.stringify(repeat) }] });
  await producer.disconnect();

  await consumersCaughtUp(kafka);
  expect(await shelf.stockOf(rice._id)).toBe(riceBefore - 3);
  expect(await shelf.stockOf(dal._id)).toBe(dalBefore - 1);
  expect(await me.cart()).toEqual([refilled]);
  await me.call(`${stackEnv.cartUrl}/deletecart/${refilled!._id}`, { method: 'DELETE' });
});

it('takes what is left of an order off a cart that lost one of its lines before the event came, adding no line', async () => {
  const buyer = shopper('line-gone');
  expect((await buyer.addToCart(rice._id, 1)).status).toBe(201);
  expect((await buyer.addToCart(dal._id, 2)).status).toBe(201);
  const lines = await buyer.cart();
  const dalLine = lines.find((line) => line.productId === dal._id)!;
  // the shopper removes the dal between placing the order and its event reaching the cart
  await buyer.call(`${stackEnv.cartUrl}/deletecart/${dalLine._id}`, { method: 'DELETE' });

  const orderId = new mongoose.Types.ObjectId().toString();
  const event: OrderPlaced = {
    id: randomUUID(),
    type: 'OrderPlaced',
    occurredAt: new Date().toISOString(),
    payload: {
      orderId,
      userEmail: buyer.email,
      items: [
        { productId: rice._id, quantity: 1 },
        { productId: dal._id, quantity: 2 },
      ],
      cartLineIds: lines.map((line) => line._id),
    },
  };
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic: TOPICS.orderPlaced, messages: [{ key: orderId, value: JSON.stringify(event) }] });
  await producer.disconnect();
  await consumersCaughtUp(kafka);

  expect(await buyer.cart()).toEqual([]);
  const carts = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'cart' }).asPromise();
  try {
    const stored = await carts.collection<{ _id: string }>('carts').findOne({ _id: buyer.email });
    // the rice line is left empty and hidden; the dal line is not written back with minus two pieces
    expect(Object.keys(stored?.lines ?? {})).toEqual([rice._id]);
    expect(stored?.takenByOrders).toEqual([orderId]);
  } finally {
    await carts.close();
  }
});

it('refuses an order for more than the shelf holds now, naming the item, and keeps the cart', async () => {
  const lime = await shelf.stock('Kagzi Lime', 30, 5);
  const [early, late] = [shopper('early'), shopper('late')];
  expect((await late.addToCart(lime, 3)).status).toBe(201);
  expect((await early.addToCart(lime, 3)).status).toBe(201);
  expect((await early.placeOrder()).status).toBe(201);
  await eventually(async () => expect(await shelf.stockOf(lime)).toBe(2));

  const refused = await late.placeOrder();
  expect(refused).toEqual({
    status: 409,
    body: {
      error: expect.stringContaining('Kagzi Lime'),
      items: [{ productId: lime, name: expect.stringContaining('Kagzi Lime'), requested: 3, available: 2 }],
    },
  });
  expect((await late.cart()).map((line) => [line.productId, line.cartQuantity])).toEqual([[lime, 3]]);
  await late.call(`${stackEnv.cartUrl}/deletecart/${(await late.cart())[0]!._id}`, { method: 'DELETE' });
});

it('refuses more than the shelf holds, naming the item', async () => {
  const few = await shelf.stock('Few Limes', 40, 2);
  expect(await me.addToCart(few, 1)).toMatchObject({ status: 201 });
  expect(await me.addToCart(few, 2)).toEqual({
    status: 409,
    body: { error: expect.stringContaining('Few Limes'), fields: { cartQuantity: expect.stringContaining('Few Limes') } },
  });
  await me.call(`${stackEnv.cartUrl}/deletecart/${(await me.cart())[0]!._id}`, { method: 'DELETE' });
});

it('keeps orders and confirmation to their owner', async () => {
  const mine = (await me.call(`${stackEnv.orderUrl}/myorders`)).body as { _id: string; email: string }[];
  expect(mine.length).toBe(1);
  expect(mine.every((o) => o.email === me.email)).toBe(true);
  const stranger = shopper('stranger');
  expect(await stranger.call(`${stackEnv.orderUrl}/orders/${mine[0]!._id}/confirm`, { method: 'PUT' })).toEqual({
    status: 404,
    body: { error: 'No such order' },
  });
  expect(await me.call(`${stackEnv.orderUrl}/orders/${mine[0]!._id}/confirm`, { method: 'PUT' })).toMatchObject({
    status: 200,
    body: { status: 'confirmed' },
  });
});

it('makes one order of two requests racing with the same idempotency key', async () => {
  const racer = shopper('racer');
  const tea = await shelf.stock('Race Tea', 120, 20);
  expect((await racer.addToCart(tea, 2)).status).toBe(201);
  const key = `race-${randomUUID()}`;

  const answers = await Promise.all([racer.placeOrder(key), racer.placeOrder(key)]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
  const [first, second] = answers.map((answer) => PlaceOrderAnswer.parse(answer.body).insertedId);
  expect(second).toBe(first);
  const orders = (await racer.call(`${stackEnv.orderUrl}/myorders`)).body as { _id: string }[];
  expect(orders.map((order) => order._id)).toEqual([first]);
  await eventually(async () => expect(await racer.cart()).toEqual([]));
  expect(await publishedOrderEvents(kafka, [first!])).toHaveLength(1);
});

describe('one state of a cart becomes at most one order', () => {
  const refusals = [
    { status: 409, body: { error: CART_ALREADY_ORDERED } },
    // what a request that lost the race so badly that the cart service had emptied the cart meets
    { status: 400, body: { error: 'Your cart is empty' } },
  ];

  /** The cart placed from two tabs at once, each with a key of its own: one of them places the order. */
  async function placeFromTwoTabs(tabs: Shopper) {
    const keys = [`tab-${randomUUID()}`, `tab-${randomUUID()}`];
    const answers = await Promise.all(keys.map((key) => tabs.placeOrder(key)));
    const placing = answers.findIndex((answer) => answer.status === 201);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(refusals).toContainEqual(answers[1 - placing]);
    const placed = PlaceOrderAnswer.parse(answers[placing]!.body);
    return { ...placed, placingKey: keys[placing]!, refusedKey: keys[1 - placing]! };
  }

  it('makes one order of a cart placed at once from two tabs with different keys: one event, the stock taken once', async () => {
    const tea = await shelf.stock('Tab Tea', 120, 20);
    const tabs = shopper('two-tabs');
    expect((await tabs.addToCart(tea, 2)).status).toBe(201);

    const { insertedId } = await placeFromTwoTabs(tabs);
    const orders = (await tabs.call(`${stackEnv.orderUrl}/myorders`)).body as { _id: string }[];
    expect(orders.map((order) => order._id)).toEqual([insertedId]);
    await eventually(async () => expect(await tabs.cart()).toEqual([]));
    await consumersCaughtUp(kafka);
    expect(await shelf.stockOf(tea)).toBe(18);
    expect(await publishedOrderEvents(kafka, [insertedId])).toHaveLength(1);
  });

  it('answers the key that placed the order with it after the cart was emptied; the refused key has none', async () => {
    const tea = await shelf.stock('Repeat Tea', 120, 20);
    const tabs = shopper('repeat');
    expect((await tabs.addToCart(tea, 1)).status).toBe(201);
    const { insertedId, placingKey, refusedKey } = await placeFromTwoTabs(tabs);
    await eventually(async () => expect(await tabs.cart()).toEqual([]));

    const repeat = await tabs.placeOrder(placingKey);
    expect(repeat.status).toBe(200);
    expect(PlaceOrderAnswer.parse(repeat.body).insertedId).toBe(insertedId);
    expect(await tabs.placeOrder(refusedKey)).toEqual({ status: 400, body: { error: 'Your cart is empty' } });
  });

  it('takes a cart changed after its order as a new state, which can be ordered once more', async () => {
    const tea = await shelf.stock('Refill Tea', 120, 20);
    const tabs = shopper('refill');
    expect((await tabs.addToCart(tea, 2)).status).toBe(201);
    const first = await placeFromTwoTabs(tabs);
    await eventually(async () => expect(await tabs.cart()).toEqual([]));

    expect((await tabs.addToCart(tea, 1)).status).toBe(201);
    const { insertedId, order } = await placeFromTwoTabs(tabs);
    expect(insertedId).not.toBe(first.insertedId);
    expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([[tea, 1]]);
    await eventually(async () => expect(await tabs.cart()).toEqual([]));
    await consumersCaughtUp(kafka);
    expect(await shelf.stockOf(tea)).toBe(17);
  });
});

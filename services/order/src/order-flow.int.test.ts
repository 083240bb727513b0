// The walking skeleton's Kafka round trip on the running stack: an order placed with the order
// service is published through its outbox; the catalog takes the stock and the cart drops the
// ordered lines, each exactly once, even when the event is delivered a second time.
import { randomUUID } from 'node:crypto';
import { CartLineList, IDENTITY_HEADERS, OrderPlaced, PlaceOrderAnswer, Product, ProductList, TOPICS } from '@bazar/contracts';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { STACK, eventually } from '../../../packages/service-kit/test/eventually';

const shopper = `shopper-${randomUUID().slice(0, 8)}@bazar.test`;
const identity = { [IDENTITY_HEADERS.id]: randomUUID(), [IDENTITY_HEADERS.email]: shopper, 'content-type': 'application/json' };
const kafka = new Kafka({ clientId: 'order-flow-test', brokers: STACK.kafkaBrokers, logLevel: logLevel.NOTHING });

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { ...identity, ...(init.headers as Record<string, string>) } });
  return { status: response.status, body: (await response.json()) as unknown };
}
const stockOf = async (id: string) => Product.parse((await call(`${STACK.catalogUrl}/product-details/${id}`)).body).quantity;
const cartOf = async () => CartLineList.parse((await call(`${STACK.cartUrl}/myallcart/${shopper}`)).body);
const addToCart = (productId: string, cartQuantity: number) =>
  call(`${STACK.cartUrl}/addtocart`, { method: 'POST', body: JSON.stringify({ productId, cartQuantity }) });
const placeOrder = (key: string, total = 0) =>
  call(`${STACK.orderUrl}/orderplace`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
    body: JSON.stringify({ name: 'Test Shopper', email: shopper, phone: '+8801712345678', addinfo: 'near the mosque', total, mycart: [] }),
  });

/** Every message of order-placed has been consumed and committed by both consumer groups. */
async function consumersCaughtUp(): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(TOPICS.orderPlaced);
    await eventually(async () => {
      for (const groupId of ['catalog.order-placed', 'cart.order-placed']) {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [TOPICS.orderPlaced] });
        for (const end of ends) {
          const offset = Number(committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
          expect(Math.max(offset, 0)).toBe(Number(end.high)); // -1: nothing to commit on an empty partition
        }
      }
    });
  } finally {
    await admin.disconnect();
  }
}

let rice: { _id: string; quantity: number };
let dal: { _id: string; quantity: number };

beforeAll(async () => {
  const products = ProductList.parse((await call(`${STACK.catalogUrl}/products`)).body);
  const pick = (name: string) => products.find((p) => p.name === name)!;
  rice = pick('Chinigura Aromatic Rice 1 kg');
  dal = pick('Mug Dal 1 kg');
});

it('refuses an empty cart', async () => {
  expect(await placeOrder(`empty-${randomUUID()}`)).toEqual({ status: 400, body: { error: 'Your cart is empty' } });
});

it('places the cart as an order with server-side totals, once per idempotency key, and both consumers apply it once', async () => {
  expect((await addToCart(rice._id, 2)).status).toBe(201);
  expect((await addToCart(dal._id, 1)).status).toBe(201);
  expect((await addToCart(rice._id, 1)).status).toBe(200); // same product: the line grows
  const riceBefore = await stockOf(rice._id);
  const dalBefore = await stockOf(dal._id);

  const key = `order-${randomUUID()}`;
  const placed = await placeOrder(key, 1); // a wrong client total is ignored
  expect(placed.status).toBe(201);
  const { order, insertedId } = PlaceOrderAnswer.parse(placed.body);
  expect(order.items.map((i) => [i.name, i.quantity])).toEqual([['Chinigura Aromatic Rice 1 kg', 3], ['Mug Dal 1 kg', 1]]);
  expect(order).toMatchObject({ subtotal: 3 * 165 + 175, vat: 33.5, delivery: 70, total: 670 + 33.5 + 70, status: 'pending-payment', phone: '01712345678' });

  const again = await placeOrder(key, 1);
  expect(again.status).toBe(200);
  expect(PlaceOrderAnswer.parse(again.body).insertedId).toBe(insertedId);

  await eventually(async () => expect(await cartOf()).toEqual([]));
  await eventually(async () => expect(await stockOf(rice._id)).toBe(riceBefore - 3));
  expect(await stockOf(dal._id)).toBe(dalBefore - 1);

  // deliver the very same event again, as Kafka may after a lost commit
  const orders = mongoose.createConnection(STACK.mongoUrl, { dbName: 'order' });
  const stored = await orders.collection('orders').findOne({ _id: new mongoose.Types.ObjectId(insertedId) });
  await orders.close();
  const event = OrderPlaced.parse(Object.values(stored?.outbox as Record<string, { event: unknown }>)[0]?.event);
  expect(event.payload).toMatchObject({ orderId: insertedId, userEmail: shopper });
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic: TOPICS.orderPlaced, messages: [{ key: insertedId, value: JSON.stringify(event) }] });
  await producer.disconnect();

  await consumersCaughtUp();
  expect(await stockOf(rice._id)).toBe(riceBefore - 3);
  expect(await stockOf(dal._id)).toBe(dalBefore - 1);
});

it('refuses more than the shelf holds, naming the item', async () => {
  const stock = await stockOf(dal._id);
  expect(await addToCart(dal._id, 1)).toMatchObject({ status: 201 });
  expect(await addToCart(dal._id, Math.min(stock, 99))).toMatchObject({ status: 409, body: { error: expect.stringContaining('Mug Dal 1 kg') } });
  await call(`${STACK.cartUrl}/deletecart/${(await cartOf())[0]!._id}`, { method: 'DELETE' });
});

it('keeps orders and confirmation to their owner', async () => {
  const mine = (await call(`${STACK.orderUrl}/myorders`)).body as { _id: string; email: string }[];
  expect(mine.length).toBe(1);
  expect(mine.every((o) => o.email === shopper)).toBe(true);
  const stranger = { [IDENTITY_HEADERS.email]: 'someone-else@bazar.test' };
  expect(await call(`${STACK.orderUrl}/orders/${mine[0]!._id}/confirm`, { method: 'PUT', headers: stranger })).toEqual({ status: 404, body: { error: 'No such order' } });
  expect(await call(`${STACK.orderUrl}/orders/${mine[0]!._id}/confirm`, { method: 'PUT' })).toMatchObject({ status: 200, body: { status: 'confirmed' } });
});

// Nothing lost while Kafka is away: with the broker stopped, the order service still accepts and
// stores orders (their events wait in the order documents' outbox); once the broker is back, each
// waiting event is published once, and the cart and catalog apply each one once; pieces added to a
// cart line after its order was placed stay in the cart.
import { PlaceOrderAnswer } from '@bazar/contracts';
import { eventually, stackControl, stackEnv } from '@bazar/testing';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { consumersCaughtUp, publishedOrderEvents, shopper, TestShelf } from '../test/shop';

jest.setTimeout(240_000);

const kafka = new Kafka({ clientId: 'kafka-outage-test', brokers: stackEnv.kafkaBrokers, logLevel: logLevel.NOTHING });
const shelf = new TestShelf();
const orders = mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'order' });

afterAll(async () => {
  await shelf.clear();
  await orders.close();
});

it('accepts orders while the broker is down and applies each one exactly once when it is back', async () => {
  const rice = await shelf.stock('Outage Rice', 90, 100);
  const oil = await shelf.stock('Outage Oil', 185, 100);
  const shoppers = [shopper('outage'), shopper('outage'), shopper('outage')];
  for (const [index, someone] of shoppers.entries()) {
    expect((await someone.addToCart(rice, index + 1)).status).toBe(201);
    expect((await someone.addToCart(oil, 1)).status).toBe(201);
  }
  const [riceBefore, oilBefore] = [await shelf.stockOf(rice), await shelf.stockOf(oil)];

  const orderIds: string[] = [];
  await stackControl.stop('kafka');
  try {
    for (const someone of shoppers) {
      const placed = await someone.placeOrder();
      expect(placed.status).toBe(201);
      orderIds.push(PlaceOrderAnswer.parse(placed.body).insertedId);
    }
    // stored, with their events still waiting; nothing could have reached the consumers
    const stored = await orders
      .collection('orders')
      .find({ _id: { $in: orderIds.map((id) => new mongoose.Types.ObjectId(id)) } })
      .toArray();
    expect(stored.map((order) => order.outboxPending.length)).toEqual([1, 1, 1]);
    for (const someone of shoppers) expect(await someone.cart()).toHaveLength(2);
    expect([await shelf.stockOf(rice), await shelf.stockOf(oil)]).toEqual([riceBefore, oilBefore]);
    // the first shopper wants one more rice after ordering: that piece must outlive the order's event
    expect((await shoppers[0]!.addToCart(rice, 1)).status).toBe(200);
  } finally {
    await stackControl.start('kafka');
  }

  const [first, ...others] = shoppers;
  await eventually(
    async () => expect((await first!.cart()).map((line) => [line.productId, line.cartQuantity])).toEqual([[rice, 1]]),
    90_000,
    500,
  );
  for (const someone of others) await eventually(async () => expect(await someone.cart()).toEqual([]), 90_000, 500);
  await consumersCaughtUp(kafka);
  expect(await shelf.stockOf(rice)).toBe(riceBefore - (1 + 2 + 3));
  expect(await shelf.stockOf(oil)).toBe(oilBefore - 3);
  const relayed = await orders
    .collection('orders')
    .find({ _id: { $in: orderIds.map((id) => new mongoose.Types.ObjectId(id)) } })
    .toArray();
  expect(relayed.map((order) => order.outboxPending.length)).toEqual([0, 0, 0]);
  expect((await publishedOrderEvents(kafka, orderIds)).map((event) => event.payload.orderId).sort()).toEqual([...orderIds].sort());
});

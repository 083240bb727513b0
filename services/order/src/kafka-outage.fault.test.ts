// Nothing ordered twice and nothing lost while Kafka is away: with the broker stopped, a shopper adds
// one product and places an order, five times over. Each order carries exactly its own line, the
// cart is empty after each 201 and the stock held at once, since placing needs no broker; the events
// wait in the orders' outbox, and the service stays ready (its health says degraded). Once the
// broker is back each is published once, and a cancellation made then gives its units back once.
// The broker stays away longer than its clients' retries last, so each has given up and must come
// back by itself: every service is healthy again once it returns.
import { setTimeout as sleep } from 'node:timers/promises';
import { PlaceOrderAnswer, TOPICS, cartTotals } from '@bazar/contracts';
import { eventually, everyServiceHealthy, healthOf, stackControl, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { consumersCaughtUp, publishedOrderEvents, shopper, TestShelf } from '@bazar/testing/shop';

jest.setTimeout(240_000);

/** Well past the clients' retries (packages/service-kit/src/kafka: a few seconds; a consumer's five
 *  under fifteen). */
const AWAY_MS = 40_000;

const shelf = new TestShelf();
const orders = mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'order' });

afterAll(async () => {
  await shelf.clear();
  await orders.close();
});

it('places five orders in a row with the broker down, each with only its own line, and publishes each once when it is back', async () => {
  const products = await Promise.all(
    ['Rice', 'Oil', 'Dal', 'Salt', 'Tea'].map((name, i) => shelf.stock(`Outage ${name}`, 50 + i * 10, 20)),
  );
  const buyer = shopper('outage');
  // the hold limit is 3: the first orders are confirmed as they come, as a shopper paying on delivery would
  const orderIds: string[] = [];

  await stackControl.stop('kafka');
  try {
    for (const [i, product] of products.entries()) {
      expect((await buyer.addToCart(product, i + 1)).status).toBe(201);
      const lines = await buyer.cart();
      expect(lines.map((line) => [line.productId, line.cartQuantity])).toEqual([[product, i + 1]]);

      const placed = await buyer.placeOrder();
      expect(placed.status).toBe(201);
      const { order, insertedId } = PlaceOrderAnswer.parse(placed.body);
      expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([[product, i + 1]]);
      const { subtotal, vat, delivery, total } = order;
      expect({ subtotal, vat, delivery, total }).toEqual(cartTotals(lines));
      expect(await buyer.cart()).toEqual([]);
      expect(await shelf.stockOf(product)).toBe(20 - (i + 1));
      expect((await buyer.confirm(insertedId)).status).toBe(200);
      orderIds.push(insertedId);
    }
    // stored, with their events still waiting: nothing could have reached the broker
    const stored = await orders
      .collection('orders')
      .find({ _id: { $in: orderIds.map((id) => new mongoose.Types.ObjectId(id)) } })
      .toArray();
    expect(stored.every((order) => order.outboxPending.length === 3)).toBe(true); // placed twice over, confirmed
    expect(await buyer.myOrders()).toHaveLength(5);
    // taking orders needs no broker, so the service stays ready; its health says what is missing
    await eventually(async () =>
      expect(await healthOf(stackEnv.orderUrl)).toMatchObject({
        status: 'degraded',
        checks: { kafka: 'down' },
      }),
    );
    expect((await fetch(`${stackEnv.orderUrl}/ready`)).status).toBe(200);
    await sleep(AWAY_MS);
  } finally {
    await stackControl.start('kafka');
  }
  await everyServiceHealthy(90_000);

  // a cancellation once the broker is back: its units come back once
  expect((await buyer.cancel(orderIds[4]!)).status).toBe(200);
  await eventually(async () => expect(await shelf.stockOf(products[4]!)).toBe(20), 90_000, 500);

  await eventually(
    async () => {
      const relayed = await orders
        .collection('orders')
        .find({ _id: { $in: orderIds.map((id) => new mongoose.Types.ObjectId(id)) } })
        .toArray();
      expect(relayed.map((order) => order.outboxPending.length)).toEqual([0, 0, 0, 0, 0]);
    },
    90_000,
    500,
  );
  await consumersCaughtUp();
  expect(await Promise.all(products.map((product) => shelf.stockOf(product)))).toEqual([19, 18, 17, 16, 20]);
  const placedEvents = await publishedOrderEvents(orderIds);
  expect(placedEvents.map((event) => event.payload.orderId).sort()).toEqual([...orderIds].sort());
  const moves = await publishedOrderEvents(orderIds, TOPICS.orderStatusChanged);
  expect(moves.map((event) => `${event.payload.orderId} ${event.payload.status}`).sort()).toEqual(
    [...orderIds.flatMap((id) => [`${id} placed`, `${id} confirmed`]), `${orderIds[4]} cancelled`].sort(),
  );
});

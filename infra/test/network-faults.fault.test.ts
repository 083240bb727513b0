// Slow and broken connections between the services and their infrastructure, made by the stack's
// Toxiproxy: with every database answer 150 ms late the store still answers and takes orders; with
// the connections to Redis cut it still serves the catalog and takes orders, and says "degraded";
// with the connections to Kafka cut it still takes orders (holding their stock, emptying the carts)
// and publishes each one once when they return; with the database cut it answers 503 within seconds rather than hanging. Afterwards every
// acknowledged order is stored and took its stock exactly once.
import { PlaceOrderAnswer } from '@bazar/contracts';
import { eventually, everyServiceHealthy, gatewayCall, healthOf, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { publishedOrderEvents, shopper, TestShelf } from '@bazar/testing/shop';
import { networkFaults } from './network-faults.ts';

jest.setTimeout(240_000);

const shelf = new TestShelf();
const orderDatabase = mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'order' });

// Each test leaves every connection whole and every service healthy again, or says which is not.
afterEach(async () => {
  await networkFaults.heal();
  await everyServiceHealthy();
});
afterAll(async () => {
  await orderDatabase.close();
  await networkFaults.heal();
  await shelf.clear();
});

/** A fresh shopper orders `quantity` of the product; answers the order's id once acknowledged. */
async function placedOrder(productId: string, quantity: number): Promise<{ orderId: string; buyer: ReturnType<typeof shopper> }> {
  const buyer = shopper('network');
  expect((await buyer.addToCart(productId, quantity)).status).toBe(201);
  const placed = await buyer.placeOrder();
  expect(placed.status).toBe(201);
  return { orderId: PlaceOrderAnswer.parse(placed.body).insertedId, buyer };
}

it('answers and takes orders while every database answer comes 150 ms late', async () => {
  const dal = await shelf.stock('Slow Dal', 140, 50);
  await networkFaults.delay('database', 150);
  const started = Date.now();
  const { orderId, buyer } = await placedOrder(dal, 2);
  // the delay is real: placing an order takes several database round trips
  expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  expect((await gatewayCall('GET', `/product-details/${dal}`)).status).toBe(200);
  await eventually(async () => expect(await shelf.stockOf(dal)).toBe(48), 30_000);
  await eventually(async () => expect(await buyer.cart()).toEqual([]), 30_000);
  expect(await publishedOrderEvents([orderId])).toHaveLength(1);
});

it('serves the catalog and takes orders with the connections to Redis cut, and says it is degraded', async () => {
  const atta = await shelf.stock('Cut Redis Atta', 65, 50);
  await networkFaults.cut('redis');
  await eventually(async () =>
    expect(await healthOf(stackEnv.catalogUrl)).toMatchObject({ status: 'degraded', checks: { redis: 'down' } }),
  );
  expect((await gatewayCall('GET', '/products')).status).toBe(200);
  expect((await gatewayCall('GET', `/product-details/${atta}`)).status).toBe(200);
  const { orderId } = await placedOrder(atta, 3);

  await networkFaults.heal();
  await eventually(async () => expect((await healthOf(stackEnv.catalogUrl)).status).toBe('ok'), 30_000);
  await eventually(async () => expect(await shelf.stockOf(atta)).toBe(47), 30_000);
  expect(await publishedOrderEvents([orderId])).toHaveLength(1);
});

it('keeps orders while the connections to Kafka are cut and publishes each once when they return', async () => {
  const oil = await shelf.stock('Cut Kafka Oil', 185, 50);
  await networkFaults.cut('kafka');
  const orders = [await placedOrder(oil, 1), await placedOrder(oil, 2)];
  // placing needs no broker: the units are held and the carts emptied at once
  expect(await shelf.stockOf(oil)).toBe(47);
  for (const { buyer } of orders) expect(await buyer.cart()).toEqual([]);
  // two seconds on, both orders' events (placed, and its status) still wait in their outbox
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const pending = async () =>
    (
      await orderDatabase
        .collection('orders')
        .find({ _id: { $in: orders.map((order) => new mongoose.Types.ObjectId(order.orderId)) } })
        .toArray()
    ).map((order) => order.outboxPending.length);
  expect(await pending()).toEqual([2, 2]);

  await networkFaults.heal();
  await eventually(async () => expect(await pending()).toEqual([0, 0]), 90_000, 500);
  expect(await shelf.stockOf(oil)).toBe(47);
  const published = await publishedOrderEvents(orders.map((order) => order.orderId));
  expect(published.map((event) => event.payload.orderId).sort()).toEqual(orders.map((order) => order.orderId).sort());
});

it('answers 503 while the database cannot be reached, and works again once it can', async () => {
  const salt = await shelf.stock('Cut Database Salt', 40, 50);
  const buyer = shopper('network');
  await networkFaults.cut('database');
  // the cart's own read, and the cart asking the catalog, whose product is not in its cache yet
  expect(await buyer.call(`${stackEnv.cartUrl}/myallcart/${buyer.email}`)).toEqual({
    status: 503,
    body: { error: 'The store cannot reach its database just now; try again in a moment', code: 'database-away' },
  });
  expect(await buyer.addToCart(salt, 1)).toEqual({
    status: 503,
    body: { error: expect.stringMatching(/unavailable|database/), code: expect.stringMatching(/^(service|database)-away$/) },
  });

  await networkFaults.heal();
  await eventually(async () => expect((await buyer.addToCart(salt, 1)).status).toBe(201), 30_000, 500);
  expect((await buyer.cart()).map((line) => [line.productId, line.cartQuantity])).toEqual([[salt, 1]]);
});

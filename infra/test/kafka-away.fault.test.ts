// Kafka stopped for longer than its clients' retries last, then started again: orders placed
// meanwhile are kept and their events published once it is back, and the consumers work again
// (a cancelled order's units go back on the shelf, which only the catalog's consumer does).
import { setTimeout as sleep } from 'node:timers/promises';
import { PlaceOrderAnswer } from '@bazar/contracts';
import { eventually, everyServiceHealthy, stackControl, stackEnv } from '@bazar/testing';
import { Kafka, logLevel } from 'kafkajs';
import { publishedOrderEvents, shopper, TestShelf } from '@bazar/testing/shop';

jest.setTimeout(300_000);

/** Well past the clients' retries (packages/service-kit/src/kafka: a few seconds; a consumer's five
 *  under fifteen), so each has given up and must come back by itself. */
const AWAY_MS = 40_000;
const kafka = new Kafka({ clientId: 'kafka-away-test', brokers: stackEnv.kafkaBrokers, logLevel: logLevel.NOTHING });
const shelf = new TestShelf();
afterAll(() => shelf.clear());

it('keeps orders and hears events again after a long Kafka outage', async () => {
  const oil = await shelf.stock('Kafka Away Oil', 185, 50);
  await stackControl.stop('kafka');
  const buyer = shopper('kafka-away');
  let orderId: string;
  try {
    expect((await buyer.addToCart(oil, 2)).status).toBe(201);
    const placed = await buyer.placeOrder();
    expect(placed.status).toBe(201);
    orderId = PlaceOrderAnswer.parse(placed.body).insertedId;
    await sleep(AWAY_MS);
  } finally {
    await stackControl.start('kafka');
  }
  expect(await shelf.stockOf(oil)).toBe(48);
  await everyServiceHealthy(90_000);
  const published = await publishedOrderEvents(kafka, [orderId]);
  expect(published.map((event) => event.payload.orderId)).toEqual([orderId]);

  expect((await buyer.cancel(orderId)).status).toBe(200);
  await eventually(async () => expect(await shelf.stockOf(oil)).toBe(50), 60_000, 1_000);
});

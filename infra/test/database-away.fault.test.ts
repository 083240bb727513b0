// The database away for longer than a service waits before it replaces its client (15 s,
// packages/service-kit/src/mongo.ts), then back: once each service says it is healthy again, it
// answers from its documents, not only its health. A replaced client once left mongoose refusing
// every query of the connection for good ("Connection was force closed"), while /health said ok.
import { setTimeout as sleep } from 'node:timers/promises';
import { PlaceOrderAnswer } from '@bazar/contracts';
import { everyServiceHealthy, stackControl, stackEnv } from '@bazar/testing';
import { shopper, TestShelf } from '@bazar/testing/shop';

jest.setTimeout(180_000);

/** Longer than the kit's 15 s, checked every 5 s: each service's watchdog replaces its clients
 *  at least once while the database is away. */
const AWAY_MS = 25_000;

const shelf = new TestShelf();
afterAll(() => shelf.clear());

it('answers from its documents again once the database is back from a long absence', async () => {
  const rice = await shelf.stock('Database Away Rice', 40, 50);

  await stackControl.stop('ferretdb');
  try {
    await sleep(AWAY_MS);
    expect((await shopper('database-away').addToCart(rice, 1)).status).toBe(503);
  } finally {
    await stackControl.start('ferretdb');
  }
  await everyServiceHealthy();

  // catalog, cart and order: a placement reads and writes all three databases
  const buyer = shopper('database-away');
  expect((await buyer.addToCart(rice, 1)).status).toBe(201);
  const placed = await buyer.placeOrder();
  expect(placed.status).toBe(201);
  const { insertedId } = PlaceOrderAnswer.parse(placed.body);
  expect((await buyer.myOrders()).map((order) => order._id)).toContain(insertedId);
  // the user service's own documents
  expect((await buyer.call(`${stackEnv.userUrl}/myprofiledata/${buyer.email}`)).status).toBe(200);
});

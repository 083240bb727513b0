// The snapshots the fuzz tests compare to prove a refused request changed nothing must see the
// stores: a document written, changed and removed in a service's database shows as such, and
// `removeAddedDocuments` takes out what was added. (For a day the local database listed none, every
// snapshot was empty, and every such comparison passed whatever the requests did.)
import { randomUUID } from 'node:crypto';
import { dhakaDay } from '@bazar/contracts';
import { mongo } from 'mongoose';
import { stackEnv } from '@bazar/testing';
import {
  databaseChanges,
  databaseSnapshot,
  removeAddedDocuments,
  startStoreClock,
  storeOwnWork,
  type DatabaseSnapshot,
} from './databases.ts';

const COLLECTION = 'snapshot_test';
/** What the comparison says of this test's collection: other tests write their own stores meanwhile
 *  (the integration tests run side by side), which the snapshots see as well. */
const ofOurCollection = (changes: string[]) => changes.filter((line) => line.startsWith(`catalog.${COLLECTION}:`));
let client: mongo.MongoClient;
beforeAll(async () => {
  client = await new mongo.MongoClient(stackEnv.mongoUrl, { serverSelectionTimeoutMS: 5_000 }).connect();
});
afterAll(async () => {
  await client
    .db('catalog')
    .collection(COLLECTION)
    .drop()
    .catch(() => undefined);
  await client.close();
});

test('a snapshot holds the stores’ documents', async () => {
  // the seeded catalog is there from the start; other stores appear with their first write
  const snapshot = await databaseSnapshot();
  expect(snapshot.get('catalog')?.get('products')?.size).toBeGreaterThan(0);
});

test('a document added, changed or removed is named, and what was added can be taken out', async () => {
  const documents = client.db('catalog').collection<{ _id: string; note: string }>(COLLECTION);
  const kept = `kept-${randomUUID()}`;
  await documents.insertOne({ _id: kept, note: 'as it was' });
  const before = await databaseSnapshot();

  const added = `added-${randomUUID()}`;
  await documents.insertOne({ _id: added, note: 'new' });
  await documents.updateOne({ _id: kept }, { $set: { note: 'changed' } });
  const after = await databaseSnapshot();
  expect(ofOurCollection(databaseChanges(before, after))).toEqual([`catalog.${COLLECTION}: 1 added (${added}); 1 changed (${kept})`]);

  expect(await removeAddedDocuments(before, after, [`catalog.${COLLECTION}`])).toBe(1);
  await documents.deleteOne({ _id: kept });
  expect(ofOurCollection(databaseChanges(before, await databaseSnapshot()))).toEqual([`catalog.${COLLECTION}: 1 removed (${kept})`]);
});

test('documents set aside are not named', () => {
  const snapshot = (note: string): DatabaseSnapshot => new Map([['order', new Map([['orders', new Map([['o-1', note]])]])]]);
  expect(databaseChanges(snapshot('placed'), snapshot('cancelled'))).toEqual(['order.orders: 1 changed (o-1)']);
  expect(databaseChanges(snapshot('placed'), snapshot('cancelled'), new Set(['order.orders/o-1']))).toEqual([]);
});

test('the store clock sets aside a delivery slot’s place no order holds, which the order sweep may give back', async () => {
  // a slot days ahead, which no shopper can choose nor the sweep looks at: nothing else writes it
  const slot = `${dhakaDay(new Date(), 5)}T20`;
  const taker = new mongo.ObjectId().toString();
  const order = client.db('order');
  await order.collection<{ _id: string; taken: number }>('delivery_slots').replaceOne({ _id: slot }, { taken: 1 }, { upsert: true });
  await order.collection<{ _id: string; slot: string; at: Date }>('delivery_slot_places').insertOne({ _id: taker, slot, at: new Date() });
  try {
    const clock = await startStoreClock();
    expect([...clock.unheldPlaces]).toContain(`${slot}/${taker}`);
    expect([...(await storeOwnWork(clock))]).toEqual(
      expect.arrayContaining([`order.delivery_slots/${slot}`, `order.delivery_slot_places/${taker}`]),
    );
  } finally {
    await order.collection<{ _id: string }>('delivery_slots').deleteOne({ _id: slot });
    await order.collection<{ _id: string }>('delivery_slot_places').deleteOne({ _id: taker });
  }
});

// The order sweep gives back a delivery slot's place that no order holds (issue 54, item 2): taken
// for a placement whose order is gone, or whose order was cancelled by a process that stopped before
// giving its place back. It waits until the reservation is older than a placement may run, and
// leaves the places of orders that exist, and of a placement that may still be running, alone. Two
// order services of its own sweep one database of its own at once (their periods differ, so each
// holds a lease of its own): each place goes back once. The places are taken here as placing takes
// them (DeliverySlots), and the orders written by hand. The sweep also brings a slot's count back to
// its places where a process stopped between the two writes of a taking or a giving back, once the
// slot has been left alone longer than a placement may run, and moves the takers a slot's document
// listed in an earlier shape to places of their own.
import { randomBytes } from 'node:crypto';
import { dhakaDay, slotsOn } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { eventually, freePort, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { startOrderReplica, type OrderReplica } from '../test/replica';
import { DeliverySlots } from './delivery-slots';
import { DeliverySlotCounts, DeliverySlotPlaces, type DeliverySlotDocument } from './model/delivery-slot';
import { Order, type StoredStatus } from './model/order';
import { PLACING_INTERRUPTED_AFTER_MS } from './place-order';

const DB = 'slot_sweep_test';
const log = createLogger('slot-sweep-test', 'silent');
const slots = new DeliverySlots(20);
let sweepers: OrderReplica[] = [];

beforeAll(async () => {
  await connectMongo(stackEnv.mongoUrl, DB, log);
  await mongoose.connection.dropDatabase();
  sweepers = await Promise.all(
    ['200', '300'].map(async (every) => startOrderReplica(await freePort(), { MONGO_DB: DB, ORDER_SWEEP_INTERVAL_MS: every })),
  );
});
afterAll(async () => {
  await Promise.all(sweepers.map((sweeper) => sweeper.stop()));
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

/** A reservation id as a placement makes it (an ObjectId), made `msAgo`. */
const reservationMade = (msAgo: number) =>
  Math.floor((Date.now() - msAgo) / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex');

/** An order of `slot` under `reservationId`, as placing wrote it and later moves left it. */
async function orderOf(slot: string, reservationId: string, status: StoredStatus): Promise<void> {
  const userId = `slot-sweep-${reservationId}`;
  await Order.create({
    userId,
    email: `${userId}@bazar.test`,
    name: 'Slot Sweep',
    slot,
    items: [{ productId: new mongoose.Types.ObjectId().toString(), name: 'Slot Sweep Tea', unitPricePaisa: 12_000, quantity: 1 }],
    subtotalPaisa: 12_000,
    vatPaisa: 600,
    deliveryPaisa: 7_000,
    totalPaisa: 19_600,
    status,
    reservationId,
  });
}

const placesOf = async (slot: string) => {
  const [doc, places] = await Promise.all([
    DeliverySlotCounts.findById(slot).lean<DeliverySlotDocument>(),
    DeliverySlotPlaces.find({ slot }).select('_id').lean<{ _id: string }[]>(),
  ]);
  return { taken: doc?.taken, takers: places.map(({ _id }) => _id).sort() };
};

it('gives back the places no order holds once a placement can no longer be running, each once, and leaves the others', async () => {
  const [slot, other] = [slotsOn(dhakaDay(new Date(), 1))[6]!, slotsOn(dhakaDay(new Date(), 1))[5]!];
  const longAgo = 10 * 60_000;
  const reservations = {
    // its order gone: undone while its request lay stalled before taking the place
    abandoned: reservationMade(longAgo),
    // cancelled by a process that stopped before giving the place back
    cancelled: reservationMade(longAgo),
    confirmed: reservationMade(longAgo),
    // interrupted and not settled yet (its catalog away): its order still holds the place
    stillPlacing: reservationMade(longAgo),
    // no order to be seen, but young enough that its placement may still be running
    inFlight: reservationMade(PLACING_INTERRUPTED_AFTER_MS - 10_000),
  };
  await orderOf(slot, reservations.cancelled, 'cancelled');
  await orderOf(slot, reservations.confirmed, 'confirmed');
  await orderOf(slot, reservations.stillPlacing, 'placing');
  for (const taker of Object.values(reservations)) await slots.take(slot, taker);
  const abandonedElsewhere = reservationMade(longAgo);
  await slots.take(other, abandonedElsewhere);
  const kept = [reservations.confirmed, reservations.stillPlacing, reservations.inFlight].sort();

  await eventually(async () => expect(await placesOf(slot)).toEqual({ taken: 3, takers: kept }), 10_000);
  await eventually(async () => expect(await placesOf(other)).toEqual({ taken: 0, takers: [] }), 10_000);
  // more passes of both sweepers give nothing more back, and keep the young place
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await placesOf(slot)).toEqual({ taken: 3, takers: kept });
  expect(await Order.countDocuments({ slot })).toBe(3);

  // once it is older than a placement may run (and a sweep's period), it goes too
  await eventually(
    async () => expect(await placesOf(slot)).toEqual({ taken: 2, takers: [reservations.confirmed, reservations.stillPlacing].sort() }),
    20_000,
  );
}, 60_000);

it('brings a count a stopped process left off back to its places once the slot is left alone, and moves takers listed in a slot’s document', async () => {
  const [tooHigh, tooLow, busy, listed] = slotsOn(dhakaDay(new Date(), 1)).slice(1, 5) as [string, string, string, string];
  const longAgo = 10 * 60_000;
  const aWhileAgo = new Date(Date.now() - 2 * 60_000);
  const held = Array.from({ length: 5 }, () => reservationMade(longAgo));
  for (const [n, slot] of [tooHigh, tooLow, tooLow, busy, listed].entries()) await orderOf(slot, held[n]!, 'confirmed');
  const abandoned = reservationMade(longAgo);
  // a taking counted and stopped before its place was written, and a giving back that removed its
  // place and stopped before counting it out: two too many, left alone since
  await DeliverySlotCounts.collection.insertOne({ _id: tooHigh, taken: 3, createdAt: aWhileAgo, updatedAt: aWhileAgo } as never);
  await DeliverySlotPlaces.collection.insertOne({ _id: held[0], slot: tooHigh, at: aWhileAgo } as never);
  // one too few (a count set while a paused taking was between its two writes)
  await DeliverySlotCounts.collection.insertOne({ _id: tooLow, taken: 1, createdAt: aWhileAgo, updatedAt: aWhileAgo } as never);
  await DeliverySlotPlaces.collection.insertMany([held[1], held[2]].map((taker) => ({ _id: taker, slot: tooLow, at: aWhileAgo })) as never);
  // one too many, but its count moved a moment ago: a taking may be between its two writes
  await DeliverySlotCounts.collection.insertOne({ _id: busy, taken: 2, createdAt: aWhileAgo, updatedAt: new Date() } as never);
  await DeliverySlotPlaces.collection.insertOne({ _id: held[3], slot: busy, at: aWhileAgo } as never);
  // the earlier shape: the takers in the slot's document, one of them held by no order
  await DeliverySlotCounts.collection.insertOne({
    _id: listed,
    taken: 2,
    takers: [held[4], abandoned],
    capacity: 7,
    createdAt: aWhileAgo,
    updatedAt: aWhileAgo,
  } as never);

  await eventually(async () => expect(await placesOf(tooHigh)).toEqual({ taken: 1, takers: [held[0]] }), 10_000);
  await eventually(async () => expect(await placesOf(tooLow)).toEqual({ taken: 2, takers: [held[1], held[2]].sort() }), 10_000);
  await eventually(async () => expect(await placesOf(listed)).toEqual({ taken: 1, takers: [held[4]] }), 10_000);
  expect(await DeliverySlotCounts.findById(listed).lean<DeliverySlotDocument>()).toMatchObject({ capacity: 7 });
  expect((await DeliverySlotCounts.findById(listed).lean<DeliverySlotDocument>())?.takers).toBeUndefined();
  expect(await placesOf(busy)).toEqual({ taken: 2, takers: [held[3]] });
  // more passes of both sweepers change nothing more
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await placesOf(tooHigh)).toEqual({ taken: 1, takers: [held[0]] });
  expect(await placesOf(tooLow)).toEqual({ taken: 2, takers: [held[1], held[2]].sort() });
  expect(await placesOf(listed)).toEqual({ taken: 1, takers: [held[4]] });

  // a place listed in a slot's document is given back by its taker as any other
  // (in a slot days ahead, which the sweep does not look at)
  const stillListed = `${dhakaDay(new Date(), 5)}T20`;
  const cancelling = reservationMade(0);
  await DeliverySlotCounts.collection.insertOne({ _id: stillListed, taken: 1, takers: [cancelling] } as never);
  expect(await slots.release(stillListed, cancelling)).toBe(true);
  expect(await slots.release(stillListed, cancelling)).toBe(false);
  expect((await DeliverySlotCounts.findById(stillListed).lean<DeliverySlotDocument>())?.taken).toBe(0);
}, 60_000);

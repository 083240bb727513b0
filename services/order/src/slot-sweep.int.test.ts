// The order sweep gives back a delivery slot's place that no order holds (issue 54, item 2): taken
// for a placement whose order is gone, or whose order was cancelled by a process that stopped before
// giving its place back. It waits until the reservation is older than a placement may run, and
// leaves the places of orders that exist, and of a placement that may still be running, alone. Two
// order services of its own sweep one database of its own at once (their periods differ, so each
// holds a lease of its own): each place goes back once. The places are taken here as placing takes
// them (DeliverySlots), and the orders written by hand.
import { randomBytes } from 'node:crypto';
import { dhakaDay, slotsOn } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { eventually, freePort, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { startOrderReplica, type OrderReplica } from '../test/replica';
import { DeliverySlots } from './delivery-slots';
import { DeliverySlotPlaces, type DeliverySlotDocument } from './model/delivery-slot';
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
  const doc = await DeliverySlotPlaces.findById(slot).lean<DeliverySlotDocument>();
  return { taken: doc?.taken, takers: [...(doc?.takers ?? [])].sort() };
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

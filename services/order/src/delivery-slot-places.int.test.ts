// A delivery slot's places (issue 54) straight to the database, as the order service takes them: a
// place taken and given back moves as many bytes to and from the database, and touches documents as
// large, in a slot holding 1,000 places as in an empty one (a slot's document that listed its takers
// grew with each, and so did the read and the conditional write of every placement with a slot);
// of takers racing through two services' worth of DeliverySlots, as many as the capacity get a place;
// a place written or given back again does nothing more; and a counting on a capacity another service
// changed meanwhile is decided again on the new one.
import { randomBytes } from 'node:crypto';
import { dhakaDay, slotsOn } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { connectMongo, disconnectMongo } from '@bazar/service-kit/mongo';
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import { DeliverySlots } from './delivery-slots';
import { DeliverySlotCounts, DeliverySlotPlaces, type DeliverySlotDocument } from './model/delivery-slot';

const DB = 'slot_places_test';
const log = createLogger('slot-places-test', 'silent');
const { calculateObjectSize } = mongoose.mongo.BSON;

beforeAll(async () => {
  await connectMongo(stackEnv.mongoUrl, DB, log);
  await mongoose.connection.dropDatabase();
  await Promise.all([DeliverySlotCounts.createIndexes(), DeliverySlotPlaces.createIndexes()]);
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

/** A reservation id as a placement makes it. */
const reservation = () => new mongoose.Types.ObjectId().toString();

/** The bytes of the commands `work` sends and of the answers it gets, and how many commands. */
async function bytesOf(work: () => Promise<unknown>): Promise<{ commands: number; sent: number; received: number }> {
  const client = mongoose.connection.getClient();
  const tally = { commands: 0, sent: 0, received: 0 };
  const started = ({ command }: { command: object }) => {
    tally.commands++;
    tally.sent += calculateObjectSize(command);
  };
  const succeeded = ({ reply }: { reply: object }) => {
    tally.received += calculateObjectSize(reply);
  };
  client.on('commandStarted', started);
  client.on('commandSucceeded', succeeded);
  try {
    await work();
  } finally {
    client.off('commandStarted', started);
    client.off('commandSucceeded', succeeded);
  }
  return tally;
}

/** The size of the slot's document and of the largest place document. */
async function documentSizes(slot: string): Promise<{ slot: number; place: number }> {
  const doc = await DeliverySlotCounts.findById(slot).lean<DeliverySlotDocument>();
  const places = await DeliverySlotPlaces.find({ slot }).lean<object[]>();
  return { slot: calculateObjectSize(doc ?? {}), place: Math.max(0, ...places.map((place) => calculateObjectSize(place))) };
}

it('takes and gives back a place with the same database work in a slot holding 1,000 places as in an empty one', async () => {
  const [slot, full] = slotsOn(dhakaDay(new Date(), 1)).slice(0, 2) as [string, string];
  const slots = new DeliverySlots(20);
  for (const one of [slot, full]) await slots.setCapacity(one, 2_000);
  // the slot's count and a first place written in each, so that both placements below are a slot's next
  for (const one of [slot, full]) await slots.take(one, reservation());
  for (let filled = 1; filled < 1_000; filled += 50)
    await Promise.all(Array.from({ length: Math.min(50, 1_000 - filled) }, () => slots.take(full, reservation())));
  expect((await slots.list()).slots.find((one) => one.id === full)).toMatchObject({ taken: 1_000, left: 1_000 });

  // as a placement counts its place, then writes it once its order is written
  const placing = (one: string, taker: string) => async () => {
    await slots.count(one);
    await slots.place(one, taker);
  };
  const [early, late] = [reservation(), reservation()];
  const inEmpty = await bytesOf(placing(slot, early));
  const inFull = await bytesOf(placing(full, late));
  expect(inFull.commands).toBe(inEmpty.commands);
  // a count of 1,000 is written as one of 2 (a 32-bit integer either way); a few bytes of slack
  expect(inFull.sent).toBeLessThanOrEqual(inEmpty.sent + 16);
  expect(inFull.received).toBeLessThanOrEqual(inEmpty.received + 16);
  const [emptySizes, fullSizes] = [await documentSizes(slot), await documentSizes(full)];
  expect(fullSizes.slot).toBeLessThanOrEqual(emptySizes.slot + 16);
  expect(fullSizes.place).toBeLessThanOrEqual(emptySizes.place + 16);

  const backInEmpty = await bytesOf(() => slots.release(slot, early));
  const backInFull = await bytesOf(() => slots.release(full, late));
  expect(backInFull.commands).toBe(backInEmpty.commands);
  expect(backInFull.sent).toBeLessThanOrEqual(backInEmpty.sent + 16);
  expect(backInFull.received).toBeLessThanOrEqual(backInEmpty.received + 16);
  expect((await slots.list()).slots.find((one) => one.id === full)).toMatchObject({ taken: 1_000 });
}, 120_000);

it('gives as many places as the capacity to takers racing through two services, each once however often it is asked', async () => {
  const slot = slotsOn(dhakaDay(new Date(), 1))[2]!;
  const [one, other] = [new DeliverySlots(20), new DeliverySlots(20)];
  await one.setCapacity(slot, 7);
  const takers = Array.from({ length: 30 }, reservation);
  const answers = await Promise.allSettled(
    takers.map(async (taker, n) => {
      const slots = n % 2 === 0 ? one : other;
      await slots.count(slot);
      await slots.place(slot, taker);
    }),
  );
  const won = takers.filter((_, n) => answers[n]!.status === 'fulfilled');
  expect(won).toHaveLength(7);
  for (const answer of answers.filter((settled) => settled.status === 'rejected'))
    expect((answer as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'slot-full' });
  const placesOf = async () => (await DeliverySlotPlaces.find({ slot }).lean<{ _id: string }[]>()).map(({ _id }) => _id).sort();
  expect(await placesOf()).toEqual([...won].sort());
  expect((await one.list()).slots.find((listed) => listed.id === slot)).toMatchObject({ taken: 7, left: 0, offered: false });

  // a winner asking again keeps its one place, in a full slot or with room
  await other.take(slot, won[0]!);
  expect(await one.release(slot, won[1]!)).toBe(true);
  expect(await other.release(slot, won[1]!)).toBe(false);
  await one.take(slot, won[0]!);
  expect((await one.list()).slots.find((listed) => listed.id === slot)).toMatchObject({ taken: 6, left: 1 });
  expect(await placesOf()).toEqual(won.filter((taker) => taker !== won[1]).sort());

  // the admin lowering the capacity below the places taken keeps them, and takes no more
  await one.setCapacity(slot, 3);
  await expect(other.take(slot, `${randomBytes(12).toString('hex')}`)).rejects.toMatchObject({ status: 409 });
  expect((await other.list()).slots.find((listed) => listed.id === slot)).toMatchObject({ capacity: 3, taken: 6, left: 0 });
});

it('decides a counting again when another service changed the capacity it guessed, and never counts past the new one', async () => {
  const [byDefault, ownCapacity] = slotsOn(dhakaDay(new Date(), 1)).slice(3, 5) as [string, string];
  const [one, other] = [new DeliverySlots(20), new DeliverySlots(20)];
  await one.setDefaultCapacity(5);
  for (let n = 0; n < 2; n++) await one.take(byDefault, reservation());
  await one.setCapacity(ownCapacity, 5);
  await one.take(ownCapacity, reservation());

  // the other service lowers the default to the places taken, and sets the other slot's own
  await other.setDefaultCapacity(2);
  await other.setCapacity(ownCapacity, 1);
  // the first, which counted on 5 in both, refuses either, and its counts are as they were
  await expect(one.count(byDefault)).rejects.toMatchObject({ status: 409, code: 'slot-full' });
  await expect(one.count(ownCapacity)).rejects.toMatchObject({ status: 409, code: 'slot-full' });
  const list = await other.list();
  expect(list.slots.find((listed) => listed.id === byDefault)).toMatchObject({ capacity: 2, taken: 2, left: 0 });
  expect(list.slots.find((listed) => listed.id === ownCapacity)).toMatchObject({ capacity: 1, taken: 1, left: 0 });

  // raised again, the first counts on what it read last
  await other.setDefaultCapacity(3);
  await other.setCapacity(ownCapacity, null);
  await one.take(byDefault, reservation());
  await one.take(ownCapacity, reservation());
  await expect(one.count(byDefault)).rejects.toMatchObject({ status: 409 });
  expect((await other.list()).slots.filter((listed) => [byDefault, ownCapacity].includes(listed.id))).toMatchObject([
    { capacity: 3, taken: 3, left: 0 },
    { capacity: 3, taken: 2, left: 1 },
  ]);
});

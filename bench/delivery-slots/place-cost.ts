// What a delivery slot's place costs the database as the slot fills (issue 54), straight to the
// database with the commands the order service sends, in a database of its own: a placement's read of
// the slot (the check) and its taking, then its giving back, in a slot holding 0, 350 and 1,000
// places, 100 of each, p50 and p95. Two shapes: the slot's document listing its takers (before), and
// a count in the slot's document with a small document a place (`DeliverySlots` now). The bytes the
// database answers for a check and a taking are printed too.
// Usage: node --import tsx bench/delivery-slots/place-cost.ts   (the stack's database must be up)
import { stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const FILLS = [0, 350, 1_000];
const DB = 'bench_slot_place_cost';
const SLOT = '2099-01-01T20';
const CAPACITY = 10_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const reservation = () => new mongoose.Types.ObjectId().toString();

interface Shape {
  name: string;
  fill(places: number): Promise<void>;
  checkAndTake(taker: string): Promise<void>;
  giveBack(taker: string): Promise<void>;
}

function shapes(db: mongoose.mongo.Db): Shape[] {
  const slots = db.collection<{ _id: string; taken: number; takers?: string[]; updatedAt: Date }>('delivery_slots');
  const places = db.collection<{ _id: string; slot: string; at: Date }>('delivery_slot_places');
  const check = () => slots.findOne({ _id: SLOT }, { projection: { taken: 1, capacity: 1 } });
  return [
    {
      name: 'takers listed in the slot',
      async fill(count) {
        await slots.deleteMany({});
        await slots.insertOne({ _id: SLOT, taken: count, takers: Array.from({ length: count }, reservation), updatedAt: new Date() });
      },
      async checkAndTake(taker) {
        // the earlier check read the whole document
        await slots.findOne({ _id: SLOT });
        await slots.updateOne(
          { _id: SLOT, taken: { $lt: CAPACITY }, takers: { $ne: taker }, capacity: null },
          { $inc: { taken: 1 }, $push: { takers: taker }, $set: { updatedAt: new Date() } },
        );
      },
      async giveBack(taker) {
        await slots.updateOne(
          { _id: SLOT, takers: taker },
          { $inc: { taken: -1 }, $pull: { takers: taker }, $set: { updatedAt: new Date() } },
        );
      },
    },
    {
      name: 'a count and a document a place',
      async fill(count) {
        await Promise.all([slots.deleteMany({}), places.deleteMany({})]);
        await slots.insertOne({ _id: SLOT, taken: count, updatedAt: new Date() });
        const at = new Date();
        for (let from = 0; from < count; from += 500)
          await places.insertMany(Array.from({ length: Math.min(500, count - from) }, () => ({ _id: reservation(), slot: SLOT, at })));
      },
      async checkAndTake(taker) {
        await check();
        await slots.updateOne(
          { _id: SLOT, taken: { $lt: CAPACITY }, capacity: null },
          { $inc: { taken: 1 }, $set: { updatedAt: new Date() } },
        );
        await places.insertOne({ _id: taker, slot: SLOT, at: new Date() });
      },
      async giveBack(taker) {
        if ((await places.deleteOne({ _id: taker, slot: SLOT })).deletedCount === 1)
          await slots.updateOne({ _id: SLOT, taken: { $gt: 0 } }, { $inc: { taken: -1 }, $set: { updatedAt: new Date() } });
      },
    },
  ];
}

async function main(): Promise<void> {
  const client = await new mongoose.mongo.MongoClient(stackEnv.mongoUrl, { monitorCommands: true }).connect();
  const db = client.db(DB);
  await db.dropDatabase();
  await db.collection('delivery_slot_places').createIndex({ slot: 1 });
  let received = 0;
  client.on('commandSucceeded', ({ reply }: { reply: object }) => {
    received += mongoose.mongo.BSON.calculateObjectSize(reply);
  });
  try {
    console.log(`${ROUNDS} placements a fill; check + take, then give back (ms)`);
    for (const shape of shapes(db))
      for (const fill of FILLS) {
        await shape.fill(fill);
        const [taking, givingBack, bytes]: [number[], number[], number[]] = [[], [], []];
        for (let round = 0; round < ROUNDS; round++) {
          const taker = reservation();
          received = 0;
          let at = performance.now();
          await shape.checkAndTake(taker);
          taking.push(performance.now() - at);
          bytes.push(received);
          at = performance.now();
          await shape.giveBack(taker);
          givingBack.push(performance.now() - at);
        }
        for (const list of [taking, givingBack]) list.sort((a, b) => a - b);
        console.log(
          `${shape.name.padEnd(32)} ${String(fill).padStart(5)} places: check + take p50 ${percentile(taking, 50).toFixed(2)}, ` +
            `p95 ${percentile(taking, 95).toFixed(2)}; give back p50 ${percentile(givingBack, 50).toFixed(2)}, ` +
            `p95 ${percentile(givingBack, 95).toFixed(2)}; ${bytes[0]} bytes answered`,
        );
      }
  } finally {
    await db.dropDatabase();
    await client.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

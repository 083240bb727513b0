// What every service's database holds, as one comparable picture: a hash of each document, by
// database, collection and _id. Tests take one before and one after requests that must be refused,
// and `databaseChanges` names what moved. Documents are hashed as they stream in, so a large
// collection costs time, not memory.
import { createHash } from 'node:crypto';
import { mongo } from 'mongoose';
import { stackEnv } from '@bazar/testing';

/** database → collection → document _id → hash of the whole document */
export type DatabaseSnapshot = Map<string, Map<string, Map<string, string>>>;

/** MongoDB's own databases, which no service writes. */
const NOT_THE_STORES = new Set(['admin', 'config', 'local']);

/** Read models a service derives from its own records and repairs from them by itself: the order
 *  service's shoppers' lists (services/order/src/shopper-orders.ts, whose first pass at a start
 *  rebuilds them from the orders), and each shopper's places among unconfirmed orders (holds), which
 *  the order sweep frees on its own clock once an order has moved on, minutes after the request that
 *  moved it. Comparisons look at the records: a test that deletes the orders its accepted requests
 *  placed leaves their entries to that repair. */
const DERIVED = new Set(['order.shopper_orders', 'order.holds']);

const hashOf = (document: unknown) =>
  createHash('sha1')
    .update(mongo.BSON.serialize(document as mongo.Document))
    .digest('base64');

/** Every document of every service's database, hashed. */
export async function databaseSnapshot(): Promise<DatabaseSnapshot> {
  // the stack's database, every service's
  const client = await new mongo.MongoClient(stackEnv.mongoUrl, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    const snapshot: DatabaseSnapshot = new Map();
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    // a picture of nothing would make every comparison pass: the stores exist once the stack is up
    if (!databases.some((d) => !NOT_THE_STORES.has(d.name))) {
      throw new Error(
        `${stackEnv.mongoUrl} lists no database: a snapshot would see no change (the local database lists none when built without SQLite's dbstat)`,
      );
    }
    for (const { name } of databases.filter((d) => !NOT_THE_STORES.has(d.name)).sort((a, b) => a.name.localeCompare(b.name))) {
      const collections = new Map<string, Map<string, string>>();
      snapshot.set(name, collections);
      const db = client.db(name);
      for (const { name: collection } of await db.listCollections({ type: 'collection' }, { nameOnly: true }).toArray()) {
        const documents = new Map<string, string>();
        collections.set(collection, documents);
        for await (const document of db.collection(collection).find()) documents.set(String(document._id), hashOf(document));
      }
    }
    return snapshot;
  } finally {
    await client.close();
  }
}

/** What differs between two snapshots, one line per collection ("user.reviews: 1 added (66a…)"),
 *  or an empty list when nothing does; derived read models aside, and the documents `aside` names
 *  (`order.orders/66a…`: what `storeOwnWork` found). */
export function databaseChanges(before: DatabaseSnapshot, after: DatabaseSnapshot, aside: ReadonlySet<string> = new Set()): string[] {
  const changes: string[] = [];
  const names = (a: Map<string, unknown>, b: Map<string, unknown>) => [...new Set([...a.keys(), ...b.keys()])].sort();
  for (const database of names(before, after)) {
    const was = before.get(database) ?? new Map<string, Map<string, string>>();
    const is = after.get(database) ?? new Map<string, Map<string, string>>();
    for (const collection of names(was, is)) {
      if (DERIVED.has(`${database}.${collection}`)) continue;
      const old = was.get(collection) ?? new Map<string, string>();
      const now = is.get(collection) ?? new Map<string, string>();
      const kept = (id: string) => !aside.has(`${database}.${collection}/${id}`);
      const added = [...now.keys()].filter((id) => !old.has(id) && kept(id));
      const removed = [...old.keys()].filter((id) => !now.has(id) && kept(id));
      const changed = [...now.keys()].filter((id) => old.has(id) && old.get(id) !== now.get(id) && kept(id));
      const list = (what: string, ids: string[]) =>
        ids.length === 0 ? [] : [`${ids.length} ${what} (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})`];
      const parts = [...list('added', added), ...list('removed', removed), ...list('changed', changed)];
      if (parts.length > 0) changes.push(`${database}.${collection}: ${parts.join('; ')}`);
    }
  }
  return changes;
}

/** When a test's requests began, and the catalog's released reservations then: the catalog's sweep
 *  deletes one once its markers are settled, or an hour after its release (a tombstone), and no
 *  request deletes one, so any of them gone when the test looks went by the store's own clock. And
 *  the delivery slots' places no order holds then, as `<slot>/<reservation id>` (its order gone or
 *  cancelled, left by a process that stopped midway): the order sweep gives it back once the
 *  reservation is older than a placement may run (services/order/src/sweep-orders.ts), which may
 *  come due during the test. */
export interface StoreClock {
  since: Date;
  released: Set<string>;
  unheldPlaces: Set<string>;
}

/** Notes the time and the catalog's released reservations, before a test's requests. */
export async function startStoreClock(): Promise<StoreClock> {
  const since = new Date();
  const client = await new mongo.MongoClient(stackEnv.mongoUrl, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    const released = await client
      .db('catalog')
      .collection<{ _id: string }>('reservations')
      .find({ state: 'released' }, { projection: { _id: 1 } })
      .toArray();
    return {
      since,
      released: new Set(released.map(({ _id }) => String(_id))),
      unheldPlaces: await unheldSlotPlaces(client.db('order')),
    };
  } finally {
    await client.close();
  }
}

/** The delivery slots of today and on (the sweep looks at today's and tomorrow's only) holding a
 *  place whose reservation no order holds (none has it, or only a cancelled one), with those places
 *  (`<slot>/<reservation id>`): a slot's count and each place's own document. */
async function unheldSlotPlaces(orders: mongo.Db): Promise<Set<string>> {
  // a slot's id begins with its day, in Bangladesh: UTC's yesterday is before its today
  const yesterday = new Date(Date.now() - 24 * 60 * 60_000).toISOString().slice(0, 10);
  const places = await orders
    .collection<{ _id: string; slot: string }>('delivery_slot_places')
    .find({ slot: { $gte: yesterday } }, { projection: { slot: 1 } })
    .toArray();
  if (places.length === 0) return new Set();
  const holding = await orders
    .collection<{ reservationId: string }>('orders')
    .find(
      {
        slot: { $in: [...new Set(places.map(({ slot }) => slot))] },
        reservationId: { $in: places.map(({ _id }) => _id) },
        status: { $ne: 'cancelled' },
      },
      { projection: { reservationId: 1 } },
    )
    .toArray();
  const held = new Set(holding.map(({ reservationId }) => reservationId));
  return new Set(places.filter(({ _id }) => !held.has(_id)).map(({ _id, slot }) => `${slot}/${_id}`));
}

/**
 * What the store changed by itself since `clock` was started, as `databaseChanges` names documents:
 * the orders its sweep moved (an unconfirmed order cancelled when its hold ran out, 30 minutes after
 * a test placed it and left it), the hold list of each order's shopper, its reservation, its
 * delivery slot and the products whose units came back; released reservations the sweep deleted;
 * and the delivery slots whose place no order held, which the sweep gives back. A test comparing every database
 * over minutes sets these aside: they are the clock's doing, not its requests'.
 */
export async function storeOwnWork({ since, released, unheldPlaces }: StoreClock): Promise<Set<string>> {
  const client = await new mongo.MongoClient(stackEnv.mongoUrl, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    // every move the sweep makes is a cancellation (the local database has no $elemMatch of fields)
    const cancelled = await client
      .db('order')
      .collection<{
        _id: mongo.ObjectId;
        userId: string;
        reservationId: string;
        slot?: string;
        items: { productId: string }[];
        history?: { by: string; at: Date }[];
      }>('orders')
      .find({ status: 'cancelled' }, { projection: { userId: 1, reservationId: 1, slot: 1, items: 1, history: 1 } })
      .toArray();
    const moved = cancelled.filter((order) => order.history?.some((step) => step.by === 'system' && step.at >= since));
    return new Set([
      ...moved.flatMap((order) => [
        `order.orders/${String(order._id)}`,
        `order.holds/${order.userId}`,
        `catalog.reservations/${order.reservationId}`,
        // a cancelled order gives its delivery slot's place back
        ...(order.slot ? [`order.delivery_slots/${order.slot}`, `order.delivery_slot_places/${order.reservationId}`] : []),
        ...order.items.map((item) => `catalog.products/${item.productId}`),
      ]),
      ...[...released].map((reservationId) => `catalog.reservations/${reservationId}`),
      ...[...unheldPlaces].flatMap((place) => {
        const [slot, reservationId] = place.split('/');
        return [`order.delivery_slots/${slot}`, `order.delivery_slot_places/${reservationId}`];
      }),
    ]);
  } finally {
    await client.close();
  }
}

/** Deletes the documents `after` has and `before` had not, in the collections named
 *  (`catalog.products`, or `*.applied_events` for that collection of every database): for a test
 *  whose accepted requests made test data. Answers how many it deleted. */
export async function removeAddedDocuments(
  before: DatabaseSnapshot,
  after: DatabaseSnapshot,
  collections: readonly string[],
): Promise<number> {
  const wanted = (database: string, collection: string) =>
    collections.includes(`${database}.${collection}`) || collections.includes(`*.${collection}`);
  const client = await new mongo.MongoClient(stackEnv.mongoUrl, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    let removed = 0;
    for (const [database, was] of after) {
      for (const [collection, documents] of was) {
        if (!wanted(database, collection)) continue;
        const old = before.get(database)?.get(collection);
        const added = [...documents.keys()].filter((id) => !old?.has(id));
        // snapshots key documents by String(_id): ObjectIds as their hex, other ids as they are, so
        // 24 hex digits may be either (a reservation's _id is the hex text of an order's id)
        const ids = added.flatMap((id) => (/^[0-9a-f]{24}$/.test(id) ? [new mongo.ObjectId(id), id] : [id]));
        const documentsOf = client.db(database).collection<{ _id: string | mongo.ObjectId }>(collection);
        if (ids.length > 0) removed += (await documentsOf.deleteMany({ _id: { $in: ids } })).deletedCount;
      }
    }
    return removed;
  } finally {
    await client.close();
  }
}

/** Work a service finishes by itself later, in a sweep: the order service settles orders left
 *  half-placed by a killed service (placed or undone, 30 s on: services/order/src/sweep-orders.ts),
 *  cancels unconfirmed orders past their hold and forgets emptied hold lists;
 *  the catalog finishes reservations left reserving or releasing, settles the stock markers of
 *  reservations given back, and deletes the tombstones of released ones after an hour (services/catalog/src/stock-reservations.ts; a stack whose data
 *  outlives a run has some due). */
const UNFINISHED_WORK = () => [
  { database: 'order', collection: 'orders', filter: { status: 'placing' } },
  // placed orders past their hold, which the order service's sweep cancels, and shoppers' lists of
  // unconfirmed orders left empty, which it deletes (every ORDER_SWEEP_INTERVAL_MS)
  { database: 'order', collection: 'orders', filter: { status: 'placed', holdUntil: { $lte: new Date() } } },
  { database: 'order', collection: 'holds', filter: { open: { $size: 0 } } },
  { database: 'catalog', collection: 'reservations', filter: { settled: false } },
  // a step left by a request or process that ended mid-way, finished by the catalog's sweep 30 s on
  { database: 'catalog', collection: 'reservations', filter: { state: { $in: ['reserving', 'releasing'] } } },
  {
    database: 'catalog',
    collection: 'reservations',
    filter: { state: 'released', updatedAt: { $lt: new Date(Date.now() - 60 * 60_000) } },
  },
];

async function unfinishedWork(): Promise<number> {
  const client = await new mongo.MongoClient(stackEnv.mongoUrl, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    const counts = await Promise.all(
      UNFINISHED_WORK().map(({ database, collection, filter }) => client.db(database).collection(collection).countDocuments(filter)),
    );
    return counts.reduce((sum, count) => sum + count, 0) + (await eventsNotYetConsumed());
  } finally {
    await client.close();
  }
}

/** A service's consumer group (consumerGroupId in the service kit); not one of a single replica's own,
 *  nor a test's. */
const SERVICE_GROUP = /^(catalog|cart|order|user|media)\.[a-z-]+$/;

/** Events published that the services' consumers have not taken yet: what a consumer does with one
 *  lands in a database later (under load, many seconds after two snapshots agreed). */
async function eventsNotYetConsumed(): Promise<number> {
  const { committedOffsets, consumerGroupIds, topicEnds } = await import('@bazar/testing/shop');
  let waiting = 0;
  for (const groupId of (await consumerGroupIds()).filter((id) => SERVICE_GROUP.test(id))) {
    for (const [topic, partitions] of await committedOffsets(groupId)) {
      const ends = await topicEnds(topic);
      // a partition the group has committed nothing on yet is not counted: it starts from the earliest
      for (const [partition, offset] of partitions) waiting += Math.max(0, Number(ends.get(partition) ?? 0n) - Number(offset));
    }
  }
  return waiting;
}

/** Snapshots until two in a row agree, no service has work of its own left to finish and no event
 *  waits for a service's consumer, so that what earlier work set going (Kafka consumers, outbox
 *  relays, sweeps) has landed before a comparison starts; throws when the stores never settle. */
export async function settledDatabaseSnapshot(timeoutMs = 90_000, pauseMs = 1_000): Promise<DatabaseSnapshot> {
  const deadline = Date.now() + timeoutMs;
  let previous = await databaseSnapshot();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const current = await databaseSnapshot();
    const changes = databaseChanges(previous, current);
    if (changes.length === 0 && (await unfinishedWork()) === 0) return current;
    if (Date.now() > deadline) throw new Error(`the databases kept changing for ${timeoutMs / 1000} s:\n${changes.join('\n')}`);
    previous = current;
  }
}

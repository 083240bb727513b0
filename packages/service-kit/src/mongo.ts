import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { type Connection, type Model, type QueryFilter, type UpdateQuery } from 'mongoose';
import { tallyCommandsByTrace } from './db-commands';
import { answerPartErrors } from './http/errors';
import type { Logger } from './logger';
import type { MongoPart } from './parts';

export { dbCommandsOf } from './db-commands';

// Filters only ever hold values that contract schemas parsed as plain strings and numbers, so no
// request can smuggle a query operator; strictQuery drops filter fields the schema does not know.
mongoose.set('strictQuery', true);

/**
 * Reads that need not see a write of their own request go through a connection of their own, with
 * a small pool, so that a burst of reads (every shopper looking at a cart) does not queue in front
 * of the writes and the event consumers.
 */
const readConnection = mongoose.createConnection();
const READ_POOL_SIZE = 4;

/** The same model on the read connection: for lists and lookups that are answered as they are. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readModel<M extends Model<any, object, object, any>>(model: M): M {
  return (readConnection.models[model.modelName] ??
    readConnection.model(model.modelName, model.schema, model.collection.collectionName)) as M;
}

/** How long a connection may stay lost before its client is replaced. The driver reconnects by
 *  itself, but after its connection was cut (the Toxiproxy fault test) the catalog's once stayed
 *  down for good, in CI and here: the driver never looked at the server again, though a new client
 *  connected at once. The old client is closed without mongoose's `force`: the driver ignores it,
 *  and mongoose then refuses every query on the connection ("Connection was force closed") even
 *  after it has opened again, so a database away for longer than this left the services answering
 *  500 while their health said ok. */
const LOST_FOR_GOOD_MS = 15_000;
const watchdogs: NodeJS.Timeout[] = [];

function reopenWhenLostForGood(connection: Connection, open: () => Promise<unknown>, log: Logger): void {
  let lostSince: number | undefined;
  let reopening = false;
  const check = async () => {
    if (connection.readyState === mongoose.ConnectionStates.connected) return void (lostSince = undefined);
    lostSince ??= Date.now();
    if (reopening || Date.now() - lostSince < LOST_FOR_GOOD_MS) return;
    reopening = true;
    log.warn('database connection lost for good; opening a new one');
    await connection.close().catch(() => undefined);
    try {
      await open();
      lostSince = undefined;
    } catch (err) {
      // the driver does not retry a client that never connected: the next check opens another
      log.warn({ err }, 'database still unreachable; trying again shortly');
    }
    reopening = false;
  };
  watchdogs.push(setInterval(() => void check(), 5_000).unref());
}

/** Queries of one process at once on the write connection. The local database answers each
 *  database with at most 100 connections of its own, and an open query holds one; with the driver's
 *  default of 100 a burst of one service (or two replicas) could hold them all, and it then stalled
 *  every client of that database for good once an index or collection was being created (seen here:
 *  100 open queries waiting on its catalog lock, the index creation waiting for a connection;
 *  docs/database.md). */
const WRITE_POOL_SIZE = 20;

/** Creates the indexes a model declares when its collection lacks one of them. Asking for all of
 *  them at every start, as mongoose does by default, takes the database catalog's write lock each
 *  time a service starts, though nothing is missing; listing them takes only its read lock. Indexes
 *  are told apart by their keys alone: the local database keeps no `sparse`, so mongoose's own
 *  comparison (diffIndexes) would find a sparse index missing at every start. */
async function createMissingIndexes(model: Model<unknown>): Promise<void> {
  const existing = await model.listIndexes().catch((err: unknown) => {
    if (typeof err === 'object' && err !== null && 'codeName' in err && err.codeName === 'NamespaceNotFound') return [];
    throw err;
  });
  const keys = new Set(existing.map((index: { key: object }) => JSON.stringify(index.key)));
  if (model.schema.indexes().some(([fields]) => !keys.has(JSON.stringify(fields)))) await model.createIndexes();
}

/** Connects mongoose's default connection (every write) and the read connection to this
 *  service's own database, and creates the indexes its models declare that are missing. */
export async function connectMongo(url: string, dbName: string, log: Logger): Promise<typeof mongoose> {
  mongoose.connection.on('disconnected', () => log.warn('database disconnected'));
  mongoose.connection.on('reconnected', () => log.info('database reconnected'));
  const options = {
    dbName,
    serverSelectionTimeoutMS: 5_000,
    heartbeatFrequencyMS: 2_000,
    connectTimeoutMS: 5_000,
    autoIndex: false,
    autoCreate: false,
    // a traced request's or event's log line says which commands it sent (db-commands.ts)
    monitorCommands: true,
  };
  // a connection opened again has a new client, which is counted as the first was
  const openWrites = () => mongoose.connection.openUri(url, { ...options, maxPoolSize: WRITE_POOL_SIZE }).then(tallyCommandsByTrace);
  const openReads = () => readConnection.openUri(url, { ...options, maxPoolSize: READ_POOL_SIZE }).then(tallyCommandsByTrace);
  await Promise.all([openWrites(), openReads()]);
  await Promise.all(Object.values(mongoose.connection.models).map(createMissingIndexes));
  reopenWhenLostForGood(mongoose.connection, openWrites, log);
  reopenWhenLostForGood(readConnection, openReads, log);
  log.info({ dbName }, 'database connected');
  return mongoose;
}

/** Both connections up: the writes' and the reads' (a service answers lists through the second). */
export function mongoConnected(): boolean {
  const { connected } = mongoose.ConnectionStates;
  return mongoose.connection.readyState === connected && readConnection.readyState === connected;
}

export async function disconnectMongo(): Promise<void> {
  watchdogs.splice(0).forEach(clearInterval);
  await Promise.all([mongoose.disconnect(), readConnection.close()]);
}

/** An ObjectId that always comes out the same for the same parts (the first 12 bytes of their
 *  SHA-256). A document that is "the one for these parts" (the order an Idempotency-Key stands for,
 *  the cart line of a product) is then found by `_id`, a look-up in the `_id` index, and a twin
 *  racing it fails on the duplicate `_id`. */
export function derivedObjectId(...parts: string[]): mongoose.Types.ObjectId {
  return new mongoose.Types.ObjectId(createHash('sha256').update(parts.join('\n')).digest().subarray(0, 12));
}

/** How many ids one command names at most. The local database binds each as an SQL variable, and
 *  refuses a command that needs more than 32,766: a `deleteMany` matching 33,000 documents failed
 *  with "too many SQL variables", and removed none. */
export const IDS_A_COMMAND = 500;

/** The ids in groups of at most IDS_A_COMMAND, a command's worth each. Documents asked for by
 *  `_id: { $in }` are looked up in the `_id` index, so one read of many costs far less than a read
 *  of each. */
export function idBatches<Id>(ids: readonly Id[]): Id[][] {
  const batches: Id[][] = [];
  for (let from = 0; from < ids.length; from += IDS_A_COMMAND) batches.push(ids.slice(from, from + IDS_A_COMMAND));
  return batches;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any, object, object, any>;

/** The documents of `model` with these ids that match `filter`, with the `fields` named (all
 *  unless given): read on the read connection, IDS_A_COMMAND ids a read, the reads at once. In no
 *  particular order; those not there are left out. */
export async function readByIds<T>(
  model: AnyModel,
  ids: readonly unknown[],
  { filter = {}, fields }: { filter?: QueryFilter<unknown>; fields?: string } = {},
): Promise<T[]> {
  const reads = idBatches(ids).map((batch) => {
    const query = readModel(model).find({ ...filter, _id: { $in: batch } });
    return (fields ? query.select(fields) : query).lean<T[]>();
  });
  return (await Promise.all(reads)).flat();
}

/** Deletes the documents of `model` with these ids that match `filter`, IDS_A_COMMAND ids a
 *  command; answers how many went. */
export async function deleteByIds(model: AnyModel, ids: readonly unknown[], filter: QueryFilter<unknown> = {}): Promise<number> {
  let deleted = 0;
  for (const batch of idBatches(ids)) deleted += (await model.deleteMany({ ...filter, _id: { $in: batch } })).deletedCount;
  return deleted;
}

/** The write clashed with a unique index (`_id`, or a unique field): the document is there already. */
export const isDuplicateKey = (err: unknown): boolean => typeof err === 'object' && err !== null && 'code' in err && err.code === 11000;

/**
 * An `updateOne` with `upsert` that a racing upsert cannot make fail. Two upserts of a missing
 * document may both find nothing and both insert: MongoDB answers the second with a duplicate key
 * (it tries again by itself only when the filter is equality on the unique key alone), while the
 * local database runs each upsert in one transaction. A duplicate key means the document is there now, so the
 * write is made once more without `upsert`: it applies where the document matches the filter, and
 * leaves it alone where the filter excludes it (the clash the caller's filter is written for, such
 * as a list already full). True if the write found or made its document.
 */
export async function upsertOne(model: AnyModel, filter: QueryFilter<unknown>, update: UpdateQuery<unknown>): Promise<boolean> {
  try {
    const { matchedCount, upsertedCount } = await model.updateOne(filter, update, { upsert: true });
    return matchedCount + upsertedCount > 0;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  return (await model.updateOne(filter, update)).matchedCount > 0;
}

/** How many documents a gentle read asks for at a time, and the share of its time it may keep the
 *  database and the process busy (`readGently`). */
const GENTLE_BATCH = 100;
const GENTLE_BUSY_SHARE = 0.2;

/**
 * A background job's read of a whole collection, a batch at a time with a pause after each, so that
 * it keeps the database and the process busy at most a fifth of the time: read at once, a whole
 * collection held up the requests waiting behind it for seconds (the local database answers on one
 * thread; bench/results.md, History, 2026-11-30). `pause` is for tests.
 *
 * The cursor is closed however the reader leaves, by a `break`, a `return` or a throw: mongoose's
 * query cursor has no `return()`, so `for await` left early never closes it, and the database
 * keeps it open for as long as the connection lives (on the local database, holding one of the
 * database's 100 connections, until none is left for any query).
 */
export async function* readGently<T>(
  query: { batchSize(size: number): { cursor(): AsyncIterable<T> & { close(): Promise<unknown> } } },
  pause: (ms: number) => Promise<unknown> = sleep,
): AsyncGenerator<T> {
  const cursor = query.batchSize(GENTLE_BATCH).cursor();
  try {
    let batchStarted = performance.now();
    let inBatch = 0;
    for await (const document of cursor) {
      yield document;
      if (++inBatch < GENTLE_BATCH) continue;
      inBatch = 0;
      await pause((performance.now() - batchStarted) * (1 / GENTLE_BUSY_SHARE - 1));
      batchStarted = performance.now();
    }
  } finally {
    // one read through to its end closed it already, and closing it again sends nothing
    await cursor.close().catch(() => undefined);
  }
}

/** The database part of a service (createService's `parts.mongo`). */
export const mongoPart: MongoPart = {
  part: 'mongo',
  connect: connectMongo,
  connected: mongoConnected,
  disconnect: disconnectMongo,
};

/** The database did not answer: no server to select, a dropped connection, a command caught by
 *  the kit replacing a client lost for good (reopenWhenLostForGood closes the old one under it), or a
 *  command that waited in mongoose's buffer for a connection that never came back. A write cut off
 *  mid-way may still have landed; where a repeat matters, the request carries its own key
 *  (Idempotency-Key). */
function databaseUnreachable(err: unknown): boolean {
  const { mongo } = mongoose;
  if (
    err instanceof mongo.MongoServerSelectionError ||
    err instanceof mongo.MongoNetworkError ||
    err instanceof mongo.MongoNotConnectedError ||
    err instanceof mongo.MongoTopologyClosedError ||
    // the driver wrote a command to a connection the other side had just closed (a cut proxy) and
    // rethrew Node's own EPIPE unwrapped (a route's other outgoing calls, by fetch, wrap theirs)
    (err instanceof Error && 'code' in err && err.code === 'EPIPE')
  )
    return true;
  return err instanceof mongoose.Error && /buffering timed out/.test(err.message);
}

// What the HTTP part answers for the database's errors, in any process that loads this part.
answerPartErrors((err) => {
  if (err instanceof mongoose.Error.CastError) return { status: 400, code: 'invalid-request', error: `${err.path} is malformed` };
  if (err instanceof mongoose.Error.ValidationError)
    return {
      status: 400,
      code: 'invalid-request',
      error: Object.values(err.errors)
        .map((e) => e.message)
        .join('; '),
    };
  if (isDuplicateKey(err)) return { status: 409, code: 'already-exists', error: 'That already exists' };
  if (databaseUnreachable(err))
    return {
      status: 503,
      code: 'database-away',
      error: 'The store cannot reach its database just now; try again in a moment',
      problem: 'database unreachable',
    };
  return undefined;
});

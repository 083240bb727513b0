import { createHash } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { Logger } from './logger';

// Filters only ever hold values that contract schemas parsed as plain strings and numbers, so no
// request can smuggle a query operator; strictQuery drops filter fields the schema does not know.
mongoose.set('strictQuery', true);
// Mongoose otherwise formats a stack trace for every query it runs, to add to an error that almost
// never comes: 2% of the cart service's CPU under the order flow. A failed query still has the
// driver's own stack.
mongoose.set('skipOriginalStackTraces', true);

/**
 * Reads that need not see a write of their own request go through a connection of their own, with
 * a small pool, so that a burst of reads (every shopper looking at a cart) does not queue in front
 * of the writes and the event consumers.
 */
const readConnection = mongoose.createConnection();
const READ_POOL_SIZE = 4;

/** The same model on the read connection: for lists and lookups that are answered as they are. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readModel<M extends Model<any>>(model: M): M {
  return (readConnection.models[model.modelName] ??
    readConnection.model(model.modelName, model.schema, model.collection.collectionName)) as M;
}

/** How long a connection may stay lost before its client is replaced. The driver reconnects by
 *  itself, but after its connection was cut (the Toxiproxy fault test) the catalog's once stayed
 *  down for good, in CI and here: the driver never looked at the server again, though a new client
 *  connected at once. */
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
    await connection.close(true).catch(() => undefined);
    await open().catch((err: unknown) => log.warn({ err }, 'database still unreachable'));
    lostSince = undefined;
    reopening = false;
  };
  watchdogs.push(setInterval(() => void check(), 5_000).unref());
}

/** Connects mongoose's default connection (every write) and the read connection to this
 *  service's own database. */
export async function connectMongo(url: string, dbName: string, log: Logger): Promise<typeof mongoose> {
  mongoose.connection.on('disconnected', () => log.warn('database disconnected'));
  mongoose.connection.on('reconnected', () => log.info('database reconnected'));
  const options = { dbName, serverSelectionTimeoutMS: 5_000, heartbeatFrequencyMS: 2_000, connectTimeoutMS: 5_000 };
  const openWrites = () => mongoose.connection.openUri(url, options);
  const openReads = () => readConnection.openUri(url, { ...options, maxPoolSize: READ_POOL_SIZE });
  await Promise.all([openWrites(), openReads()]);
  reopenWhenLostForGood(mongoose.connection, openWrites, log);
  reopenWhenLostForGood(readConnection, openReads, log);
  log.info({ dbName }, 'database connected');
  return mongoose;
}

export function mongoConnected(): boolean {
  return mongoose.connection.readyState === mongoose.ConnectionStates.connected;
}

export async function disconnectMongo(): Promise<void> {
  watchdogs.splice(0).forEach(clearInterval);
  await Promise.all([mongoose.disconnect(), readConnection.close()]);
}

/** An ObjectId that always comes out the same for the same parts (the first 12 bytes of their
 *  SHA-256). A document that is "the one for these parts" (the order an Idempotency-Key stands for,
 *  the cart line of a product) is then found by `_id`: the one filter FerretDB on SQLite looks up
 *  without reading the whole collection, and a twin racing it fails on the duplicate `_id`. */
export function derivedObjectId(...parts: string[]): mongoose.Types.ObjectId {
  return new mongoose.Types.ObjectId(createHash('sha256').update(parts.join('\n')).digest().subarray(0, 12));
}

/** The write clashed with a unique index (`_id`, or a unique field): the document is there already. */
export const isDuplicateKey = (err: unknown): boolean => typeof err === 'object' && err !== null && 'code' in err && err.code === 11000;

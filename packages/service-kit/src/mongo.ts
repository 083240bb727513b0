import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import type { Logger } from './logger';

// Filters only ever hold values that contract schemas parsed as plain strings and numbers, so no
// request can smuggle a query operator; strictQuery drops filter fields the schema does not know.
mongoose.set('strictQuery', true);

/** Connects mongoose's default connection to this service's own database. */
export async function connectMongo(url: string, dbName: string, log: Logger): Promise<typeof mongoose> {
  mongoose.connection.on('disconnected', () => log.warn('database disconnected'));
  mongoose.connection.on('reconnected', () => log.info('database reconnected'));
  await mongoose.connect(url, { dbName, serverSelectionTimeoutMS: 5_000, heartbeatFrequencyMS: 2_000 });
  log.info({ dbName }, 'database connected');
  return mongoose;
}

export function mongoConnected(): boolean {
  return mongoose.connection.readyState === mongoose.ConnectionStates.connected;
}

export async function disconnectMongo(): Promise<void> {
  await mongoose.disconnect();
}

/** An ObjectId that always comes out the same for the same parts (the first 12 bytes of their
 *  SHA-256). A document that is "the one for these parts" (the order an Idempotency-Key stands for,
 *  the cart line of a product) is then found by `_id`: the one filter FerretDB on SQLite looks up
 *  without reading the whole collection, and a twin racing it fails on the duplicate `_id`. */
export function derivedObjectId(...parts: string[]): mongoose.Types.ObjectId {
  return new mongoose.Types.ObjectId(createHash('sha256').update(parts.join('\n')).digest().subarray(0, 12));
}

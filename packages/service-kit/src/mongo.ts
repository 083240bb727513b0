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

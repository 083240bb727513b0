import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from '../logger';

const levels: Record<logLevel, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.NOTHING]: 'debug',
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** A kafkajs client that logs through pino and gives up on a dead broker within seconds, so that
 *  callers (the outbox relay, the consumer loop) decide when to try again. */
export function createKafka(clientId: string, brokers: string[], log: Logger): Kafka {
  const kafkaLog = log.child({ component: 'kafka' });
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 2_000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 200, retries: 3, maxRetryTime: 2_000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: { message, ...extra } }: LogEntry) =>
        kafkaLog[levels[level]](extra, message),
  });
}

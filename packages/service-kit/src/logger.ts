import pino, { type Logger } from 'pino';
import { currentTrace } from './trace';

export type { Logger };

/** JSON lines; every line written while a request or event is handled carries its `traceId` (and
 *  this process's `spanId`), so one grep follows it across the services. Bearer tokens and cookies
 *  of logged requests are redacted. */
export function createLogger(name: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const trace = currentTrace();
      return trace ? { traceId: trace.traceId, spanId: trace.spanId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

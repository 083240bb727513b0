import pino, { type Logger } from 'pino';
import { currentTrace } from './trace';

export type { Logger };

/** JSON lines; every line written while a request or event is handled carries its `traceId`, this
 *  process's `spanId` and the caller's (`parentSpanId`), so one grep follows it across the
 *  services. */
export function createLogger(name: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const trace = currentTrace();
      if (!trace) return {};
      const { traceId, spanId, parentSpanId } = trace;
      return parentSpanId ? { traceId, spanId, parentSpanId } : { traceId, spanId };
    },
  };
  // Standard output, written asynchronously: lines that come while a write is under way go out
  // together in the next one, rather than a system call per line. pino writes what is left when
  // the process exits.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

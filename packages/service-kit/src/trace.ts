import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import type { IHeaders } from 'kafkajs';

/** The W3C Trace Context header (https://www.w3.org/TR/trace-context/), on HTTP requests and
 *  answers and on Kafka messages. */
export const TRACEPARENT_HEADER = 'traceparent';

/** The trace a request or an event belongs to, and this process's span of it. */
export interface TraceContext {
  /** 32 lowercase hex digits, the same in every service the request or event reaches */
  traceId: string;
  /** 16 lowercase hex digits: this process's part of the trace */
  spanId: string;
  /** the span that called us (the parent-id of the incoming traceparent), if any */
  parentSpanId?: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZEROS = /^0+$/;

const storage = new AsyncLocalStorage<TraceContext>();

// Ids are cut from a pool of random bytes filled 4 KB at a time (as Node's randomUUID does): every
// answer names a trace, and a call into the system's generator per id cost more than the rest of
// the trace context.
const randomPool = Buffer.alloc(4096);
let poolOffset = randomPool.length;
function randomHex(bytes: number): string {
  if (poolOffset + bytes > randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  poolOffset += bytes;
  return randomPool.toString('hex', poolOffset - bytes, poolOffset);
}

export const newTraceId = () => randomHex(16);
export const newSpanId = () => randomHex(8);

/** The trace id and parent span id of a valid traceparent; undefined for anything else (then a new
 *  trace starts). Version 00 has exactly four fields; later versions may append more. */
export function parseTraceparent(value: unknown): { traceId: string; parentSpanId: string } | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, parentSpanId, , rest] = match as unknown as [string, string, string, string, string, string | undefined];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (ALL_ZEROS.test(traceId) || ALL_ZEROS.test(parentSpanId)) return undefined;
  return { traceId, parentSpanId };
}

/** A new span of the trace named by `traceparent`, or of a new trace if it is missing or invalid. */
export function continueTrace(traceparent: unknown): TraceContext {
  const parent = parseTraceparent(traceparent);
  return parent
    ? { traceId: parent.traceId, spanId: newSpanId(), parentSpanId: parent.parentSpanId }
    : { traceId: newTraceId(), spanId: newSpanId() };
}

export function formatTraceparent({ traceId, spanId }: Pick<TraceContext, 'traceId' | 'spanId'>): string {
  return `00-${traceId}-${spanId}-01`;
}

/** The trace of the request or event being handled, if any. */
export function currentTrace(): TraceContext | undefined {
  return storage.getStore();
}

/** The traceparent to send on a call or message made now: the current trace, with this process's
 *  span as the parent; undefined outside any request or event. */
export function outgoingTraceparent(): string | undefined {
  const trace = storage.getStore();
  return trace && formatTraceparent(trace);
}

/** Runs `fn` (and everything it starts) inside `trace`. */
export function runInTrace<T>(trace: TraceContext, fn: () => T): T {
  return storage.run(trace, fn);
}

/** Runs `fn` outside any trace: for background work started from a request (the outbox relay's
 *  pass covers other requests' events too). */
export function runOutsideTrace<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** The traceparent header of a consumed Kafka message, as a string. */
export function traceparentOf(headers: IHeaders | undefined): string | undefined {
  const value = headers?.[TRACEPARENT_HEADER];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

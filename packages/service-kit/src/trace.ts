import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import * as otel from '@opentelemetry/api';

/**
 * A request's or an event's trace. Two ways, one interface for the rest of the kit (logs, the
 * database commands' tally, the outbox, the Kafka consumer):
 * - with OTEL_EXPORTER_OTLP_ENDPOINT set and telemetry/register.ts loaded first, OpenTelemetry's
 *   instrumentations start the spans and pass the context on (http, undici; Kafka's spans are
 *   started here, by kafka/'s producer and consumer) and export them; the trace context here takes
 *   its ids from the active span;
 * - without it, the kit passes W3C traceparent along by itself (no span leaves the process), so a
 *   log line still names the trace it belongs to, at the cost of a few random bytes a request.
 */

/** The W3C Trace Context header (https://www.w3.org/TR/trace-context/), on HTTP requests and
 *  answers and on Kafka messages. */
export const TRACEPARENT_HEADER = 'traceparent';

/** Whether this process is meant to export spans: OTEL_EXPORTER_OTLP_ENDPOINT names a collector. */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean => Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());

const TRACING_ON = Symbol.for('@bazar/service-kit/tracing-on');
type Flagged = { [TRACING_ON]?: boolean };
/** Whether OpenTelemetry traces this process (telemetry/register.ts started its SDK). The flag lives on
 *  the global object because register.ts is loaded by `--import`, apart from the app's own modules. */
export const tracingOn = (): boolean => (globalThis as Flagged)[TRACING_ON] === true;
export function markTracingOn(): void {
  (globalThis as Flagged)[TRACING_ON] = true;
}

export const tracer = (): otel.Tracer => otel.trace.getTracer('@bazar/service-kit');

const sampled = ({ traceFlags }: otel.SpanContext) => (traceFlags & otel.TraceFlags.SAMPLED) === otel.TraceFlags.SAMPLED;
const formatSpanContext = (context: otel.SpanContext) => `00-${context.traceId}-${context.spanId}-${sampled(context) ? '01' : '00'}`;

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

/** Whether a traceparent says its caller follows the request (its sampled flag); undefined for a
 *  missing or invalid one, when the one who answers decides. */
export function traceparentSampled(value: unknown): boolean | undefined {
  if (!parseTraceparent(value)) return undefined;
  return (Number.parseInt((value as string).trim().slice(53, 55), 16) & otel.TraceFlags.SAMPLED) === otel.TraceFlags.SAMPLED;
}

/** OpenTelemetry's mark of a context in which nothing is traced (its core's suppressTracing; the same
 *  key, as its API makes keys from their names), read here without loading the SDK. */
const SUPPRESS_TRACING = otel.createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING');
const suppressed = () => otel.context.active().getValue(SUPPRESS_TRACING) === true;
const notFollowedContext = (): otel.Context => otel.ROOT_CONTEXT.setValue(SUPPRESS_TRACING, true);
/** What a request or event not followed passes on when OpenTelemetry traces: a traceparent whose flag
 *  says so, so that no service downstream starts a trace of its own from the middle of it. */
const notFollowed = () => `00-${newTraceId()}-${newSpanId()}-00`;

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

/** The traceparent to send on a call made now: the current trace, with this process's span as the
 *  parent; undefined outside any request or event. When OpenTelemetry traces, its http and undici
 *  instrumentations put their own client span's on every call of a followed request; one not
 *  followed runs outside OpenTelemetry (telemetry/sdk.ts), and its calls say it is not followed. */
export function outgoingTraceparent(): string | undefined {
  if (tracingOn()) return suppressed() ? notFollowed() : undefined;
  const trace = storage.getStore();
  return trace && formatTraceparent(trace);
}

/** The traceparent of what is done now, for an event to carry when it is sent later (the outbox
 *  keeps it): the active span's when OpenTelemetry traces, or one saying it is not followed; else
 *  the kit's own. */
export function currentTraceparent(): string | undefined {
  if (!tracingOn()) return outgoingTraceparent();
  const span = otel.trace.getActiveSpan();
  return span ? formatSpanContext(span.spanContext()) : suppressed() ? notFollowed() : undefined;
}

/** The trace of the span OpenTelemetry's http instrumentation started for the request being answered
 *  (the caller's span from `traceparent`), and whether it is sampled; a request it left alone is not
 *  followed (telemetry/sdk.ts); undefined when OpenTelemetry does not trace. */
export function requestSpanTrace(traceparent: unknown): { trace: TraceContext; sampled: boolean } | undefined {
  if (!tracingOn()) return undefined;
  const span = otel.trace.getActiveSpan();
  if (!span) return { trace: continueTrace(traceparent), sampled: false };
  const context = span.spanContext();
  const parentSpanId = parseTraceparent(traceparent)?.parentSpanId;
  const trace = { traceId: context.traceId, spanId: context.spanId, ...(parentSpanId && { parentSpanId }) };
  return { trace, sampled: sampled(context) };
}

/**
 * Runs the handling of a consumed event in its trace: the producer's (from the message's
 * traceparent), or a new one. With OpenTelemetry, in a consumer span that is a child of the producer's
 * span, so the event's handling (its database commands, the events it sends on) is part of the
 * trace of the request that caused it. `traced` says whether it is followed: sampled, or without
 * OpenTelemetry, sent with a traceparent.
 */
export async function runInEventTrace<T>(traceparent: string | undefined, topic: string, fn: (traced: boolean) => Promise<T>): Promise<T> {
  if (!tracingOn()) return runInTrace(continueTrace(traceparent), () => fn(traceparent !== undefined));
  // an event of a request not followed is handled outside OpenTelemetry, as that request was
  if (traceparentSampled(traceparent) === false)
    return otel.context.with(notFollowedContext(), () => runInTrace(continueTrace(traceparent), () => fn(false)));
  const parent = traceparent ? otel.propagation.extract(otel.ROOT_CONTEXT, { [TRACEPARENT_HEADER]: traceparent }) : otel.ROOT_CONTEXT;
  const span = tracer().startSpan(
    `process ${topic}`,
    {
      kind: otel.SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': topic, 'messaging.operation.type': 'process' },
    },
    parent,
  );
  const context = span.spanContext();
  const parentSpanId = parseTraceparent(traceparent)?.parentSpanId;
  const trace = { traceId: context.traceId, spanId: context.spanId, ...(parentSpanId && { parentSpanId }) };
  try {
    return await otel.context.with(otel.trace.setSpan(parent, span), () => runInTrace(trace, () => fn(sampled(context))));
  } catch (err) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: otel.SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

/**
 * Producer spans for messages sent now, each a child of the span its traceparent header names (an
 * outbox entry keeps the traceparent of the request that wrote it, and is relayed later, outside
 * it) or else of the active span; each message then carries its producer span's traceparent. Returns
 * what ends the spans once the send is done; nothing to do when OpenTelemetry does not trace.
 */
export function startSendSpans(messages: { topic: string; headers?: Record<string, string> }[]): (err?: unknown) => void {
  if (!tracingOn()) return () => undefined;
  const spans = messages.flatMap((message) => {
    const traceparent = traceparentOf(message.headers);
    // an event of a request not followed goes on with its traceparent, and no span
    if (traceparentSampled(traceparent) === false) return [];
    if (traceparent === undefined && suppressed()) {
      message.headers = { ...message.headers, [TRACEPARENT_HEADER]: notFollowed() };
      return [];
    }
    const parent = traceparent ? otel.propagation.extract(otel.ROOT_CONTEXT, { [TRACEPARENT_HEADER]: traceparent }) : otel.context.active();
    const span = tracer().startSpan(
      `send ${message.topic}`,
      {
        kind: otel.SpanKind.PRODUCER,
        attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': message.topic, 'messaging.operation.type': 'send' },
      },
      parent,
    );
    message.headers = { ...message.headers, [TRACEPARENT_HEADER]: formatSpanContext(span.spanContext()) };
    return [span];
  });
  return (err) => {
    for (const span of spans) {
      if (err !== undefined) span.setStatus({ code: otel.SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
    }
  };
}

/** Runs `fn` (and everything it starts) inside `trace`. */
export function runInTrace<T>(trace: TraceContext, fn: () => T): T {
  return storage.run(trace, fn);
}

/** Runs `fn` outside any trace: for background work started from a request (the outbox relay's
 *  pass covers other requests' events too). */
export function runOutsideTrace<T>(fn: () => T): T {
  return storage.exit(() => (tracingOn() ? otel.context.with(otel.ROOT_CONTEXT, fn) : fn()));
}

/** The traceparent header of a Kafka message: as the kit writes one, or as a consumer reads one. */
export function traceparentOf(headers: ReadonlyMap<string, string> | Record<string, string> | undefined): string | undefined {
  return headers instanceof Map ? headers.get(TRACEPARENT_HEADER) : (headers as Record<string, string> | undefined)?.[TRACEPARENT_HEADER];
}

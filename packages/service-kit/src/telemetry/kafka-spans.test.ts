// The kit's Kafka spans with OpenTelemetry on (trace.ts): an event written in a request and relayed
// later, outside it, is sent in a producer span that is a child of the request's span, and consumed
// in a consumer span that is a child of the producer's, so the request and its events' handling are
// one trace; a request not sampled leaves no span and is not followed.
import * as otel from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import {
  currentTrace,
  currentTraceparent,
  markTracingOn,
  outgoingTraceparent,
  runInEventTrace,
  runOutsideTrace,
  startSendSpans,
  traceparentOf,
} from '../trace';

const exporter = new InMemorySpanExporter();
const processor = new SimpleSpanProcessor({ exporter });
const sdk = new NodeSDK({ spanProcessors: [processor], instrumentations: [], autoDetectResources: false });

beforeAll(() => {
  process.env.OTEL_METRICS_EXPORTER = 'none';
  process.env.OTEL_LOGS_EXPORTER = 'none';
  sdk.start();
  markTracingOn();
});
afterAll(() => sdk.shutdown());
beforeEach(() => exporter.reset());

const tracer = otel.trace.getTracer('test');
const inRequest = <T>(fn: () => T, sampled = true): T => {
  const parent = otel.trace.setSpanContext(otel.ROOT_CONTEXT, {
    traceId: 'a'.repeat(32),
    spanId: 'b'.repeat(16),
    traceFlags: sampled ? otel.TraceFlags.SAMPLED : otel.TraceFlags.NONE,
    isRemote: true,
  });
  return tracer.startActiveSpan('POST /orderplace', { kind: otel.SpanKind.SERVER }, parent, (span) => {
    try {
      return fn();
    } finally {
      span.end();
    }
  });
};
const finished = async (name: string) => {
  await processor.forceFlush();
  return exporter.getFinishedSpans().find((span) => span.name === name);
};

it('makes the producer span a child of the request that wrote the event, and the consumer span a child of the producer span', async () => {
  const kept = inRequest(() => {
    // the http instrumentation's client spans carry the context on calls, not the kit
    expect(outgoingTraceparent()).toBeUndefined();
    return currentTraceparent();
  });
  expect(kept).toMatch(/^00-a{32}-[0-9a-f]{16}-01$/);

  // the relay sends outside any request
  const message = { topic: 'order-placed', headers: { traceparent: kept! } };
  runOutsideTrace(() => startSendSpans([message])());
  const sent = traceparentOf(message.headers);
  expect(sent).not.toBe(kept);

  const seen = await runInEventTrace(sent, 'order-placed', async (traced) => ({ traced, trace: currentTrace() }));

  const request = (await finished('POST /orderplace'))!;
  const producer = (await finished('send order-placed'))!;
  const consumer = (await finished('process order-placed'))!;
  expect(kept).toBe(`00-${'a'.repeat(32)}-${request.spanContext().spanId}-01`);
  expect(producer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  expect(producer.kind).toBe(otel.SpanKind.PRODUCER);
  expect(sent).toBe(`00-${'a'.repeat(32)}-${producer.spanContext().spanId}-01`);
  expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
  expect(consumer.kind).toBe(otel.SpanKind.CONSUMER);
  expect(new Set([request, producer, consumer].map((span) => span.spanContext().traceId))).toEqual(new Set(['a'.repeat(32)]));
  // log lines written while the event is handled name the consumer span
  expect(seen).toEqual({
    traced: true,
    trace: { traceId: 'a'.repeat(32), spanId: consumer.spanContext().spanId, parentSpanId: producer.spanContext().spanId },
  });
});

it('leaves no span of a request that is not sampled, and does not follow its events', async () => {
  const kept = inRequest(() => currentTraceparent(), false);
  expect(kept).toMatch(/^00-a{32}-[0-9a-f]{16}-00$/);
  const message = { topic: 'order-placed', headers: { traceparent: kept! } };
  startSendSpans([message])();
  const traced = await runInEventTrace(traceparentOf(message.headers), 'order-placed', async (followed) => followed);
  expect(traced).toBe(false);
  await processor.forceFlush();
  expect(exporter.getFinishedSpans()).toEqual([]);
});

it('marks the producer spans of a failed send', async () => {
  const message = { topic: 'order-placed', headers: { traceparent: inRequest(() => currentTraceparent())! } };
  startSendSpans([message])(new Error('the broker went away'));
  expect((await finished('send order-placed'))?.status).toEqual({ code: otel.SpanStatusCode.ERROR, message: 'the broker went away' });
});

it('passes on that a request left outside OpenTelemetry is not followed, to the services it calls and its events’ consumers', async () => {
  // the http instrumentation runs a request not followed in a context where tracing is suppressed
  const notFollowed = otel.ROOT_CONTEXT.setValue(otel.createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING'), true);
  const { call, kept, message } = otel.context.with(notFollowed, () => {
    const sent = { topic: 'order-placed', headers: {} as Record<string, string> };
    startSendSpans([sent])();
    return { call: outgoingTraceparent(), kept: currentTraceparent(), message: sent };
  });
  for (const traceparent of [call, kept, traceparentOf(message.headers)]) expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  const relayed = { topic: 'order-placed', headers: { traceparent: kept! } };
  startSendSpans([relayed])();
  expect(relayed.headers.traceparent).toBe(kept);
  const seen = await runInEventTrace(kept, 'order-placed', async (traced) => ({
    traced,
    trace: currentTrace(),
    span: otel.trace.getActiveSpan(),
  }));
  expect(seen).toEqual({ traced: false, trace: expect.objectContaining({ traceId: kept!.slice(3, 35) }), span: undefined });
  // outside any request nothing is passed on: the kit's background work decides for itself
  expect(outgoingTraceparent()).toBeUndefined();
  await processor.forceFlush();
  expect(exporter.getFinishedSpans()).toEqual([]);
});

// A followed request's span is named after its express route (sdk.ts nameByRoute), as Jaeger lists it.
import * as otel from '@opentelemetry/api';
import { TracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { nameByRoute } from './sdk';

const exporter = new InMemorySpanExporter();
const tracer = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer('test');

const requestSpan = (sampled: boolean, request: object): ReadableSpan | undefined => {
  exporter.reset();
  const caller = otel.trace.setSpanContext(otel.ROOT_CONTEXT, {
    traceId: 'a'.repeat(32),
    spanId: 'b'.repeat(16),
    traceFlags: sampled ? otel.TraceFlags.SAMPLED : otel.TraceFlags.NONE,
    isRemote: true,
  });
  const span = tracer.startSpan('POST', { kind: otel.SpanKind.SERVER }, caller);
  nameByRoute(span, request);
  span.end();
  return exporter.getFinishedSpans()[0];
};

it('names a request’s span after the route it took, under the router’s mount path', () => {
  const span = requestSpan(true, { method: 'POST', baseUrl: '', route: { path: '/orderplace' } });
  expect(span?.name).toBe('POST /orderplace');
  expect(span?.attributes['http.route']).toBe('/orderplace');
  expect(requestSpan(true, { method: 'GET', baseUrl: '/internal', route: { path: '/checkouts/:id' } })?.name).toBe(
    'GET /internal/checkouts/:id',
  );
});

it('leaves a request that took no route as it was, and one not followed unrecorded', () => {
  expect(requestSpan(true, { method: 'POST', baseUrl: '' })?.name).toBe('POST');
  expect(requestSpan(false, { method: 'POST', baseUrl: '', route: { path: '/orderplace' } })).toBeUndefined();
});

// Which requests OpenTelemetry follows (sdk.ts requestFollowed), and a followed request's span named
// after its express route (nameByRoute), as Jaeger lists it.
import type { IncomingMessage } from 'node:http';
import * as otel from '@opentelemetry/api';
import { TracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { nameByRoute, requestFollowed } from './sdk';

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

describe('requestFollowed', () => {
  const request = (url: string, traceparent?: string) => ({ url, headers: traceparent ? { traceparent } : {} }) as IncomingMessage;
  const caller = (flags: string) => `00-${'a'.repeat(32)}-${'b'.repeat(16)}-${flags}`;

  it('follows a request as its caller decided, whatever the rate', () => {
    expect(requestFollowed(request('/orderplace', caller('01')), 0)).toBe(true);
    expect(requestFollowed(request('/orderplace', caller('00')), 1)).toBe(false);
  });

  it('decides by the rate for a request without a valid traceparent, and never follows the probes', () => {
    expect(requestFollowed(request('/orderplace'), 1)).toBe(true);
    expect(requestFollowed(request('/orderplace', 'not-a-trace'), 0)).toBe(false);
    expect(requestFollowed(request('/ready'), 1)).toBe(false);
  });
});

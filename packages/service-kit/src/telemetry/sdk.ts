import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { SpanKind, trace, type Attributes, type Context, type Link, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace';
import { DEFAULT_REQUEST_SAMPLE_RATE } from '../config';
import { TRACEPARENT_HEADER, markTracingOn, traceparentSampled } from '../trace';

/** Probes and the metrics scraper ask these every few seconds: no trace is worth keeping of them. */
const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

/** A MongoDB command as a span keeps it: its shape, every value written '?' (a value may be a
 *  shopper's email or address), as the instrumentation's own serializer writes it. The instrumentation
 *  asks for it on every command, followed or not, and writing it out was most of what tracing cost a
 *  service that follows one request in a hundred; a command's span is followed exactly when the span
 *  it runs in is (the sampler follows the parent), so a command of an unfollowed request is not written. */
export function commandShape(command: Record<string, unknown>): string {
  return trace.getActiveSpan()?.isRecording() ? JSON.stringify(scrubbed(command)) : '';
}
const scrubbed = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(scrubbed)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, element]) => [key, scrubbed(element)]))
      : '?';

/** Names a followed request's span after the route it took (`POST /orderplace`, as Jaeger lists
 *  it), from what express leaves on the request once routed. The express instrumentation did this by
 *  wrapping every router, middleware and handler a request passes through, followed or not, and
 *  started a span of each handler; a request's span and the calls it makes say as much. */
export function nameByRoute(span: Span, request: object): void {
  const { method, route, baseUrl } = request as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  if (typeof route?.path !== 'string' || !span.isRecording()) return;
  const httpRoute = `${baseUrl ?? ''}${route.path}`;
  span.setAttribute('http.route', httpRoute);
  span.updateName(`${method ?? 'GET'} ${httpRoute}`);
}

/** Whether a request that arrives is followed: as its caller says in its traceparent, or else one
 *  in `rate`. Decided before OpenTelemetry sees the request: one not followed is left alone by the
 *  http instrumentation, so that no span, attribute or context of it is made, here or in what it
 *  calls (the kit passes on that it is not followed, trace.ts). */
export function requestFollowed(req: IncomingMessage, rate: number): boolean {
  if (QUIET_PATHS.has(req.url ?? '')) return false;
  return traceparentSampled(req.headers[TRACEPARENT_HEADER]) ?? Math.random() < rate;
}

/** Starts a trace of a request that requestFollowed let in without a caller's decision; anything
 *  else started without a parent (the consumer of an event sent without a traceparent, a call made
 *  outside any request) is followed by `others`. */
class FollowedRequests implements Sampler {
  constructor(private readonly others: Sampler) {}
  shouldSample(context: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    return kind === SpanKind.SERVER
      ? { decision: SamplingDecision.RECORD_AND_SAMPLED }
      : this.others.shouldSample(context, traceId, name, kind, attributes, links);
  }
  toString(): string {
    return `FollowedRequests{others=${this.others.toString()}}`;
  }
}

/** The deployable's name: OTEL_SERVICE_NAME, or the folder of the script it runs
 *  (services/order/dist/main.js: order), which every replica of it shares. */
function serviceName(): string {
  const script = process.argv[1];
  return process.env.OTEL_SERVICE_NAME ?? (script ? path.basename(path.dirname(path.dirname(path.resolve(script)))) : 'bazar');
}

/** The fraction of requests followed when no caller decided: the kit's REQUEST_SAMPLE_RATE, the
 *  same that decides which requests are logged without tracing (observeRequests). */
function sampleRate(): number {
  const rate = Number(process.env.REQUEST_SAMPLE_RATE ?? DEFAULT_REQUEST_SAMPLE_RATE);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : DEFAULT_REQUEST_SAMPLE_RATE;
}

/**
 * Starts OpenTelemetry's SDK: spans of incoming requests (http, named by their express route), of
 * calls to other services (undici, which the kit's clients and the gateway's proxy use), of Redis
 * and MongoDB commands, sent over OTLP (HTTP, protobuf) to OTEL_EXPORTER_OTLP_ENDPOINT in batches.
 * A request is followed when its caller's traceparent says it is sampled, or else by
 * REQUEST_SAMPLE_RATE; one not followed runs outside OpenTelemetry (requestFollowed), its database
 * commands and calls without spans.
 * Kafka's producer and consumer spans are the kit's own (trace.ts: startSendSpans, runInEventTrace):
 * a Kafka client's instrumentation would start the producer span in the outbox relay's context, not
 * in the request that wrote the event, and only link a batch's consumer spans to it, where the kit
 * makes them children, so an order is one trace from the gateway to its consumers.
 * When the collector is away the exporter drops the spans it cannot send (its queue is bounded) and
 * says nothing: tracing never stops the store.
 */
export function startTracing(): void {
  // traces only: no OTLP metrics or logs (the services have /metrics and their log lines)
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const rate = sampleRate();
  const sdk = new NodeSDK({
    serviceName: serviceName(),
    sampler: new ParentBasedSampler({ root: new FollowedRequests(new TraceIdRatioBasedSampler(rate)) }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => !requestFollowed(req, rate),
        // the kit's own clients go through undici; node:http calls are Keycloak's libraries' and tests'
        requireParentforOutgoingSpans: true,
        applyCustomAttributesOnSpan: nameByRoute,
      }),
      // a call made in no followed request: nothing to trace (one not followed says so itself)
      new UndiciInstrumentation({ ignoreRequestHook: () => trace.getActiveSpan() === undefined }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new MongoDBInstrumentation({ requireParentSpan: true, dbStatementSerializer: commandShape }),
    ],
  });
  sdk.start();
  markTracingOn();
}

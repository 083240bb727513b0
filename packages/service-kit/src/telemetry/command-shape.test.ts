// What a MongoDB command's span keeps of the command (sdk.ts commandShape): its shape with every value
// hidden, and only when the request it runs in is followed.
import * as otel from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { commandShape } from './sdk';

const sdk = new NodeSDK({
  spanProcessors: [new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() })],
  instrumentations: [],
  autoDetectResources: false,
});
beforeAll(() => {
  process.env.OTEL_METRICS_EXPORTER = 'none';
  process.env.OTEL_LOGS_EXPORTER = 'none';
  sdk.start();
});
afterAll(() => sdk.shutdown());

const inRequest = <T>(sampled: boolean, fn: () => T): T => {
  const caller = otel.trace.setSpanContext(otel.ROOT_CONTEXT, {
    traceId: 'a'.repeat(32),
    spanId: 'b'.repeat(16),
    traceFlags: sampled ? otel.TraceFlags.SAMPLED : otel.TraceFlags.NONE,
    isRemote: true,
  });
  return otel.trace.getTracer('test').startActiveSpan('POST /orderplace', {}, caller, (span) => {
    try {
      return fn();
    } finally {
      span.end();
    }
  });
};

const update = { update: 'orders', updates: [{ q: { _id: 'o1', email: 'shopper@bazar.test' }, u: { $set: { status: 'confirmed' } } }] };

it('writes a followed request’s command with its values hidden', () => {
  const shape = inRequest(true, () => commandShape(update));
  expect(JSON.parse(shape)).toEqual({ update: '?', updates: [{ q: { _id: '?', email: '?' }, u: { $set: { status: '?' } } }] });
  expect(shape).not.toContain('shopper@bazar.test');
});

it('writes nothing for a request not followed, or outside any request', () => {
  expect(inRequest(false, () => commandShape(update))).toBe('');
  expect(commandShape(update)).toBe('');
});

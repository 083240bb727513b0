/**
 * Loaded before a deployable's own modules (`node --import @bazar/service-kit/telemetry/register`,
 * NODE_DEPLOYABLE_FLAGS in infra/topology/topology.ts), so that OpenTelemetry's instrumentations patch
 * http, express, undici, ioredis and the MongoDB driver before anything requires them.
 *
 * Tracing is on only when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (the local stack gives its
 * Jaeger). Without it nothing of OpenTelemetry is even loaded: the process runs as it did without
 * this module, and trace.ts goes on passing W3C traceparent along by itself so that logs keep their
 * trace ids.
 */
import { tracingWanted } from '../trace';

if (tracingWanted()) {
  // required, not imported: only a process that traces loads the SDK
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./sdk') as typeof import('./sdk');
  startTracing();
}

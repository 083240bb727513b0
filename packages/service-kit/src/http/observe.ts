import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler, Response } from 'express';
import { dbCommandsOf } from '../db-commands';
import type { Logger } from '../logger';
import { recordHttpRequest } from '../metrics';
import { TRACEPARENT_HEADER, continueTrace, formatTraceparent, requestSpanTrace, runInTrace, type TraceContext } from '../trace';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Paths asked every few seconds by probes and the metrics scraper: never worth a log line. */
const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

export interface ObserveOptions {
  log: Logger;
  /** the fraction of requests arriving without a traceparent that are traced and logged anyway */
  sampleRate: number;
  /** a request that takes longer is logged, whatever its answer */
  slowRequestMs: number;
}

/** What the kit knows of a request it is answering. */
interface Observation {
  id: string;
  trace: TraceContext;
  /** it runs in its trace context, which goes on to the services it calls */
  traced: boolean;
  started: number;
  quiet: boolean;
  options: ObserveOptions;
}

const OBSERVATION = Symbol('observation');
type Observed = { [OBSERVATION]?: Observation };

/**
 * Request ids, trace context, metrics and logs, at a cost a cached read can carry:
 * - every answer names its request (an incoming x-request-id is kept) and its trace in a
 *   `traceparent` header;
 * - a request runs in its trace context (log lines carry it, calls and events pass it on) only when
 *   the caller sent a valid traceparent or sampling picks it, so one sampled request is followed
 *   through every service it reaches;
 * - every request is counted and timed (`recordHttpRequest`);
 * - a line is logged for an error (5xx), a refusal (4xx), a slow answer and a traced request, not
 *   for every successful one: nginx keeps the access log.
 */
export function observeRequests(options: ObserveOptions): RequestHandler {
  return (req, res, next) => {
    const incomingId = req.headers[REQUEST_ID_HEADER];
    const id = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    // With OpenTelemetry it is decided already (telemetry/sdk.ts requestFollowed: the caller's
    // decision, else the same sample rate): a followed request's span is started, one not followed
    // was left alone
    const spanned = requestSpanTrace(req.headers[TRACEPARENT_HEADER]);
    const trace = spanned?.trace ?? continueTrace(req.headers[TRACEPARENT_HEADER]);
    const traced = spanned ? spanned.sampled : trace.parentSpanId !== undefined || Math.random() < options.sampleRate;
    res.setHeader(TRACEPARENT_HEADER, formatTraceparent(trace));
    (req as Observed)[OBSERVATION] = { id, trace, traced, started: performance.now(), quiet: QUIET_PATHS.has(req.url), options };
    res.on('close', requestDone);
    if (traced) runInTrace(trace, next);
    else next();
  };
}

/** The fields that tie a log line to its request: its id, and its trace (which the logger adds by
 *  itself only inside a trace context). */
function requestFields(req: Request, observation: Observation) {
  const { traceId, spanId, parentSpanId } = observation.trace;
  return {
    traceId,
    spanId,
    ...(parentSpanId && { parentSpanId }),
    req: { id: observation.id, method: req.method, url: req.originalUrl },
  };
}

/** Logs a problem met while answering `req`, with its request id and trace. */
export function logRequestProblem(req: Request, level: 'warn' | 'error', fields: Record<string, unknown>, message: string): void {
  const observation = (req as Observed)[OBSERVATION];
  observation?.options.log[level]({ ...fields, ...requestFields(req, observation) }, message);
}

function requestDone(this: Response): void {
  const req = this.req;
  const observation = (req as Observed)[OBSERVATION];
  if (!observation) return;
  const milliseconds = performance.now() - observation.started;
  // 499: the client went away before the answer was out
  const status = this.writableFinished ? this.statusCode : 499;
  recordHttpRequest(req, status, milliseconds / 1000);
  if (observation.quiet) return;
  const { log, slowRequestMs } = observation.options;
  let level: 'error' | 'warn' | 'info';
  if (status >= 500) level = 'error';
  // a stream of events (an order's live status) is long by design, not slow
  else if (milliseconds >= slowRequestMs && !String(this.getHeader('content-type')).startsWith('text/event-stream')) level = 'warn';
  else if (status >= 400 || observation.traced) level = 'info';
  else return;
  log[level](
    {
      ...requestFields(req, observation),
      res: { statusCode: status },
      responseTime: Math.round(milliseconds),
      ...(observation.traced && dbCommandsOf(observation.trace)),
    },
    'request completed',
  );
}

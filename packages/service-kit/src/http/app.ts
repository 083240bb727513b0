import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';
import { httpMetrics } from '../metrics';
import { TRACEPARENT_HEADER, continueTrace, formatTraceparent, runInTrace } from '../trace';
import { errorHandler, unknownRoute } from './errors';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Paths asked every few seconds by probes and the metrics scraper: not worth a log line each. */
const QUIET_PATHS = new Set(['/health', '/ready', '/metrics']);

export interface AppOptions {
  log: Logger;
  /** largest JSON body accepted; false leaves bodies unparsed (the gateway streams them) */
  jsonLimit?: string | false;
}

/** Runs the rest of the request inside its trace: the caller's (a valid incoming `traceparent`,
 *  with a span of our own) or a new one. The answer names it in its own `traceparent` header. */
const traceRequests: RequestHandler = (req, res, next) => {
  const trace = continueTrace(req.headers[TRACEPARENT_HEADER]);
  res.setHeader(TRACEPARENT_HEADER, formatTraceparent(trace));
  runInTrace(trace, next);
};

/** An express app with W3C trace context (see `traceRequests`), request ids (an incoming
 *  x-request-id is kept), request metrics, request logging and JSON bodies. Add routes, then call
 *  `finishApp` to add the 404 and error answers. */
export function createApp({ log, jsonLimit = '100kb' }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(traceRequests);
  app.use(httpMetrics());
  app.use(
    pinoHttp({
      logger: log,
      genReqId(req, res) {
        const incoming = req.headers[REQUEST_ID_HEADER];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url ?? '') },
      // One short line per request. The headers are left out: they were most of every line (two
      // thirds of the gateway's log), and what they told, the caller's trace, is in `parentSpanId`.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );
  if (jsonLimit !== false) app.use(express.json({ limit: jsonLimit }));
  return app;
}

export function finishApp(app: Express): Express {
  app.use(unknownRoute);
  app.use(errorHandler);
  return app;
}

import express, { type Express, type RequestHandler } from 'express';
import { DEFAULT_REQUEST_SAMPLE_RATE, DEFAULT_SLOW_REQUEST_MS } from '../config';
import type { Logger } from '../logger';
import { errorHandler, unknownRoute } from './errors';
import { observeRequests } from './observe';

export { REQUEST_ID_HEADER } from './observe';

export interface AppOptions {
  log: Logger;
  /** largest JSON body accepted; false leaves bodies unparsed (the gateway streams them) */
  jsonLimit?: string | false;
  /** the fraction of requests without a traceparent that are traced and logged anyway */
  sampleRate?: number;
  /** a request that takes longer is logged, whatever its answer */
  slowRequestMs?: number;
}

/** Parses JSON bodies of requests that have one; a GET or DELETE without a body skips the parser. */
function jsonBodies(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => {
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
    parse(req, res, next);
  };
}

/** An express app with request ids (an incoming x-request-id is kept), W3C trace context, request
 *  metrics and the logging of `observeRequests`, and JSON bodies. Add routes, then call `finishApp`
 *  to add the 404 and error answers. */
export function createApp({
  log,
  jsonLimit = '100kb',
  sampleRate = DEFAULT_REQUEST_SAMPLE_RATE,
  slowRequestMs = DEFAULT_SLOW_REQUEST_MS,
}: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(observeRequests({ log, sampleRate, slowRequestMs }), ...(jsonLimit === false ? [] : [jsonBodies(jsonLimit)]));
  return app;
}

export function finishApp(app: Express): Express {
  app.use(unknownRoute);
  app.use(errorHandler);
  return app;
}

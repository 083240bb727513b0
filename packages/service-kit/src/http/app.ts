import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';
import { errorHandler, unknownRoute } from './errors';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface AppOptions {
  log: Logger;
  /** largest JSON body accepted; false leaves bodies unparsed (the gateway streams them) */
  jsonLimit?: string | false;
}

/** An express app with request ids (an incoming x-request-id is kept), request logging and JSON
 *  bodies. Add routes, then call `finishApp` to add the 404 and error answers. */
export function createApp({ log, jsonLimit = '100kb' }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(
    pinoHttp({
      logger: log,
      genReqId(req, res) {
        const incoming = req.headers[REQUEST_ID_HEADER];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' },
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

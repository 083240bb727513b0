import { IncomingMessage, ServerResponse, createServer, type Server } from 'node:http';
import type { Express } from 'express';

/** A constructor like `Base` whose instances have `prototype` (which must inherit from Base's). */
function constructing<T extends typeof IncomingMessage | typeof ServerResponse>(Base: T, prototype: object): T {
  function Made(...args: unknown[]) {
    return Reflect.construct(Base, args, Made) as object;
  }
  Made.prototype = prototype;
  return Made as unknown as T;
}

/**
 * The HTTP server of an express app, whose requests and answers are made with the app's own
 * prototypes from the start. Express otherwise changes the prototype of every request and answer
 * as it arrives (`Object.setPrototypeOf` in `app.handle`), which V8 pays for by rebuilding the
 * objects' shapes on every request, on the path of every cached read. Made this way, express finds the
 * prototype already in place and the change is a no-op.
 */
export function serverFor(app: Express): Server {
  return createServer(
    {
      IncomingMessage: constructing(IncomingMessage, app.request),
      ServerResponse: constructing(ServerResponse, app.response),
    },
    app,
  );
}

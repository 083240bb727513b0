import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream';
import { REQUEST_ID_HEADER, TRACEPARENT_HEADER, outgoingTraceparent, type Logger } from '@bazar/service-kit';
import type { RequestHandler } from 'express';

const CONNECT_TIMEOUT_MS = 1_000;
const IDLE_TIMEOUT_MS = 30_000;
const RETRY_AFTER_SECONDS = '5';

// Headers that describe one connection, not the message (RFC 9110 section 7.6.1).
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

function endToEnd<H extends IncomingHttpHeaders>(headers: H): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

// An answer that goes out before the whole request body arrived (the service refused the body
// unread, or could not be reached) ends its connection: the rest of that body would otherwise be
// read as the start of the client's next request on it, which then waits unanswered.

/** Streams a request to one service and its answer back, without buffering either body, over
 *  kept-alive connections. A service that cannot be reached within a second answers 503 with
 *  Retry-After; one that stops answering, 504. The call carries the request's trace (with the
 *  gateway's span as its parent); the client gets the gateway's own traceparent back. */
export function proxyTo(baseUrl: string, serviceName: string, log: Logger): RequestHandler {
  const upstream = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });

  return (req, res) => {
    const headers = endToEnd(req.headers);
    headers.host = upstream.host;
    headers[REQUEST_ID_HEADER] = String(res.getHeader(REQUEST_ID_HEADER));
    const traceparent = outgoingTraceparent();
    if (traceparent) headers[TRACEPARENT_HEADER] = traceparent;
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

    const outgoing = request({
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.originalUrl,
      headers,
      agent,
      timeout: IDLE_TIMEOUT_MS,
    });

    outgoing.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => outgoing.destroy(Object.assign(new Error('connect timeout'), { code: 'ECONNTIMEOUT' })),
        CONNECT_TIMEOUT_MS,
      );
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));

    outgoing.on('response', (answer) => {
      const answerHeaders = endToEnd(answer.headers);
      delete answerHeaders[TRACEPARENT_HEADER]; // the gateway's own stands
      if (!req.complete) answerHeaders.connection = 'close';
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      pipeline(answer, res, () => undefined);
    });

    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy(err);
      const timedOut = err.code === 'ETIMEDOUT';
      log.warn({ err: err.message, code: err.code, service: serviceName }, 'service unreachable');
      res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      if (!req.complete) res.setHeader('Connection', 'close');
      res.status(timedOut ? 504 : 503).json({
        error: timedOut
          ? `The ${serviceName} service did not answer in time`
          : `The ${serviceName} service is unavailable; try again shortly`,
      });
    });

    // a client that goes away cancels the call to the service
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    // Not pipeline(): a failed call to the service must not destroy the client's connection
    // before its 503 is out.
    req.pipe(outgoing);
  };
}

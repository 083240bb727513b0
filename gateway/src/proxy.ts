import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Logger } from '@bazar/service-kit';
import { REQUEST_ID_HEADER, Upstreams, connectionRefused } from '@bazar/service-kit/http';
import { TRACEPARENT_HEADER, outgoingTraceparent } from '@bazar/service-kit/trace';
import { MAX_UPLOAD_BYTES, type ErrorAnswer } from '@bazar/contracts';
import type { Request, RequestHandler, Response } from 'express';
import { Pool, errors, type Dispatcher } from 'undici';

const CONNECT_TIMEOUT_MS = 1_000;
const IDLE_TIMEOUT_MS = 30_000;
const RETRY_AFTER_SECONDS = '5';

// Headers that describe one connection, not the message (RFC 9110 section 7.6.1); and Expect, which
// Node's server has already answered with 100 Continue.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/** A copy of a message's headers without those of one connection, nor `dropped`. Copied name by
 *  name: a copy whose names were deleted afterwards would be a slower object for the rest of its way. */
function endToEnd(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>, dropped?: string): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {};
  for (const name of Object.keys(headers)) if (!HOP_BY_HOP.has(name) && name !== dropped) copy[name] = headers[name];
  return copy;
}

// An answer that goes out before the whole request body arrived must not leave the rest of that body
// to be read as the start of the client's next request on the connection: such an answer ends the
// connection. Before it does, the gateway reads the rest of the body and drops it (dropTheRest), both
// when the service refused the body unread (an upload over the day's count, 429) and when it could not
// be reached (503): ending the connection under a client still sending would reset it, and the
// client would see a broken pipe instead of the answer.
const DRAINED_AT_MOST = MAX_UPLOAD_BYTES + 64 * 1024; // the largest body a service accepts, with a form's framing
const DRAIN_TIMEOUT_MS = 10_000;

/** Reads the rest of the request's body and drops it, then calls `then`. A body larger than any the
 *  store accepts, or one still arriving after DRAIN_TIMEOUT_MS, is not waited for (`gaveUp`). */
function dropTheRest(req: Request, then: (gaveUp: boolean) => void): void {
  if (req.complete) return then(false);
  let read = 0;
  const done = (gaveUp: boolean) => {
    clearTimeout(timer);
    req.off('data', count).off('end', ended);
    then(gaveUp);
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAINED_AT_MOST) done(true);
  };
  const ended = () => done(false);
  const timer = setTimeout(() => done(true), DRAIN_TIMEOUT_MS);
  req.unpipe();
  req.on('data', count).once('end', ended);
  req.resume();
}

/** Calls `answer` once the rest of the request's body has been read and dropped (dropTheRest); a
 *  body not waited for to its end has the answer end the connection. */
function afterTheBody(req: Request, res: Response, answer: () => void): void {
  dropTheRest(req, (gaveUp) => {
    if (res.headersSent || res.destroyed) return; // the client went away meanwhile
    if (gaveUp) res.setHeader('Connection', 'close');
    answer();
  });
}

/** Streams a request to one service and its answer back, without buffering or re-serialising
 *  either, over a pool of kept-alive connections (undici) to each of its replicas, taking turns
 *  (Upstreams). A request without a body that a replica refused to connect is made on the next one;
 *  one with a body is not, since undici has taken the body: a service that cannot be reached within
 *  a second answers 503 with Retry-After; one that stops answering, 504. The call carries the
 *  request's trace when it has one (with the gateway's span as its parent); the client gets the
 *  gateway's own traceparent back. */
export function proxyTo(baseUrls: readonly string[], serviceName: string, log: Logger): RequestHandler {
  const replicas = new Upstreams(baseUrls.map((url) => new URL(url).origin));
  const pools = new Map(
    replicas.urls.map((origin) => [
      origin,
      new Pool(origin, {
        connections: 256,
        connect: { timeout: CONNECT_TIMEOUT_MS },
        headersTimeout: IDLE_TIMEOUT_MS,
        bodyTimeout: IDLE_TIMEOUT_MS,
      }),
    ]),
  );

  /** The answer when the service could not be reached (503) or did not answer in time (504). */
  const unreachable = (req: Request, res: Response, err: Error) => {
    const timedOut = err instanceof errors.HeadersTimeoutError;
    const code = (err as NodeJS.ErrnoException).code;
    log.warn({ err: err.message, code, service: serviceName }, 'service unreachable');
    afterTheBody(req, res, () => {
      res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      res
        .status(timedOut ? 504 : 503)
        .json(
          (timedOut
            ? { error: `The ${serviceName} service did not answer in time`, code: 'service-timeout' }
            : { error: `The ${serviceName} service is unavailable; try again shortly`, code: 'service-away' }) satisfies ErrorAnswer,
        );
    });
  };

  return (req, res) => {
    // a caller's traceparent reaches the service as this request's span (ours, or OpenTelemetry's client span)
    const headers = endToEnd(req.headers, TRACEPARENT_HEADER);
    headers[REQUEST_ID_HEADER] = String(res.getHeader(REQUEST_ID_HEADER));
    const traceparent = outgoingTraceparent();
    if (traceparent) headers[TRACEPARENT_HEADER] = traceparent;
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

    // The body goes through a stream of its own: undici destroys the body it was given when the call
    // fails, and the client's request must outlive that until its 503 is out.
    let body: PassThrough | undefined;
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
      body = new PassThrough();
      req.pipe(body);
    }
    // a client that goes away cancels the call to the service
    let call: Dispatcher.DispatchController | undefined;
    let clientGone = false;
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      call?.abort(new Error('the client went away'));
    });

    // undici's lowest level (dispatch): its stream() costs an AbortController and an async
    // resource a call, which a proxy does not need.
    const dispatchTo = (origin: string, tried: number) => {
      headers.host = new URL(origin).host;
      pools.get(origin)!.dispatch(
        { path: req.originalUrl, method: req.method as 'GET', headers: headers as Record<string, string>, body },
        {
          onRequestStart(controller) {
            call = controller;
            if (clientGone) controller.abort(new Error('the client went away'));
          },
          onResponseStart(controller, statusCode, answered) {
            const answerHeaders = endToEnd(answered, TRACEPARENT_HEADER); // the gateway's own stands
            if (!req.complete) answerHeaders.connection = 'close';
            res.writeHead(statusCode, answerHeaders);
          },
          onResponseData(controller, chunk) {
            // the client reads slower than the service answers: wait for it
            if (!res.write(chunk)) {
              controller.pause();
              res.once('drain', () => controller.resume());
            }
          },
          onResponseEnd() {
            // the service answered before the whole body came (it refused it unread): the answer ends
            // once the rest has been read and dropped, so that a client still sending reads it
            if (req.complete) return void res.end();
            dropTheRest(req, () => void (res.destroyed || res.end()));
          },
          onResponseError(controller, err) {
            if (clientGone) return;
            if (res.headersSent) return void res.destroy(err);
            if (connectionRefused(err)) {
              replicas.refused(origin);
              if (body === undefined && tried < replicas.size) return dispatchTo(replicas.pick(), tried + 1);
            }
            unreachable(req, res, err);
          },
        },
      );
    };
    dispatchTo(replicas.pick(), 1);
  };
}

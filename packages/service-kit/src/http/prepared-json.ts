import etag from 'etag';
import type { Response } from 'express';

/** A JSON answer that is sent many times as it is (a cached list): its bytes and its ETag are made
 *  once. Sent as text, express would encode it and hash it again for every request; for a list of
 *  70 products (29 KB) that was a fifth of the catalog's CPU a read. */
export interface PreparedJson {
  body: Buffer;
  etag: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function prepareJson(json: string): PreparedJson {
  const body = Buffer.from(json);
  // the weak ETag express would make of the same bytes
  return { body, etag: etag(body, { weak: true }) };
}

/** Sends `answer` as JSON with its ETag, or 304 to a request that already has it. Written straight
 *  to the response: express's `send` looks the type up, and measures and checks the body again, on
 *  every request (a tenth of the catalog's CPU on a cached list). */
export function sendPreparedJson(res: Response, answer: PreparedJson): void {
  res.setHeader('ETag', answer.etag);
  if (res.req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', answer.body.length);
  res.end(answer.body); // Node sends no body to a HEAD request
}

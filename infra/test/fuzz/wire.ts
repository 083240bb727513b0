// A generated request as the bytes that go to the gateway, sent with node:http: unlike fetch it
// sends a path exactly as written (broken escapes, dot segments) and a body with any method.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { stackEnv } from '@bazar/testing';
import type { BadRequest, Body, Caller } from './bad-requests.ts';
import { forgetRateLimits } from './rate-limits.ts';
import { wellFormed } from './values.ts';

/** The accounts the fuzz speaks for. */
export interface Callers {
  /** the address the caller's own-email parameters name (visitors and forgers borrow the shopper's) */
  emailOf(caller: Caller): string;
  /** a current access token of the shopper or the admin */
  tokenOf(caller: 'shopper' | 'admin'): Promise<string>;
}

export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  /** 0 when the connection failed before any answer */
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

const COMPRESS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => gzipSync(bytes),
  deflate: (bytes) => deflateSync(bytes),
  br: (bytes) => brotliCompressSync(bytes),
  'gzip, gzip': (bytes) => gzipSync(gzipSync(bytes)),
};

async function bodyBytes(body: Body): Promise<{ bytes?: Buffer; headers: Record<string, string> }> {
  switch (body.kind) {
    case 'none':
      return { headers: {} };
    case 'json': {
      const text = Buffer.from(JSON.stringify(body.value) ?? 'null');
      const compress = body.encoding?.compressed ? COMPRESS[body.encoding.name] : undefined;
      return {
        bytes: compress ? compress(text) : text,
        headers: {
          ...(body.contentType && { 'content-type': body.contentType }),
          ...(body.encoding && { 'content-encoding': body.encoding.name }),
        },
      };
    }
    case 'text':
      return { bytes: Buffer.from(body.text), headers: body.contentType ? { 'content-type': body.contentType } : {} };
    case 'oversize':
      return { bytes: Buffer.from(`{"des":"${'a'.repeat(body.bytes)}"}`), headers: { 'content-type': 'application/json' } };
    case 'deep': {
      const nested = `${'['.repeat(body.depth)}${']'.repeat(body.depth)}`;
      return {
        bytes: Buffer.from(body.field === undefined ? nested : `{${JSON.stringify(body.field)}:${nested}}`),
        headers: { 'content-type': 'application/json' },
      };
    }
    case 'form': {
      const form = new FormData();
      form.append(body.field, new Blob([new Uint8Array(body.bytes)], { type: body.type }), body.name);
      const encoded = new Response(form);
      return { bytes: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type') ?? '' } };
    }
  }
}

/** The request without its Authorization header (which `send` adds, fresh). */
export async function onTheWire(request: BadRequest, callers: Callers): Promise<WireRequest> {
  const [method = 'GET', template = '/'] = request.endpoint.split(' ');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = request.params[name];
    if (!param) return '';
    if ('own' in param) return encodeURIComponent(callers.emailOf(request.caller));
    if ('raw' in param) return param.raw;
    return encodeURIComponent(wellFormed(param.text));
  });
  const { bytes, headers: bodyHeaders } = await bodyBytes(request.body);
  return {
    method,
    path: request.query ? `${path}?${request.query}` : path,
    headers: {
      ...request.headers,
      ...bodyHeaders,
      ...(request.from && { 'x-forwarded-for': request.from }),
    },
    ...(bytes && { body: bytes }),
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

function exchange(wire: WireRequest): Promise<Answer> {
  const gateway = new URL(stackEnv.gatewayUrl);
  return new Promise((resolve) => {
    let answered = false;
    const outgoing = httpRequest(
      {
        host: gateway.hostname,
        port: gateway.port,
        method: wire.method,
        path: wire.path,
        headers: { ...wire.headers, ...(wire.body && { 'content-length': String(wire.body.length) }) },
        agent,
        timeout: 30_000,
      },
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString() }),
        );
        incoming.on('error', (err) => resolve({ status: 0, headers: {}, text: `the answer broke off: ${err.message}` }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
    // a server may answer (413) and close before the whole body is written: the answer counts
    outgoing.on('error', (err) => void (answered || resolve({ status: 0, headers: {}, text: `no answer: ${err.message}` })));
    outgoing.end(wire.body);
  });
}

/** Sends the request as `caller`. A rate limit's 429 would hide what validation says, so the
 *  gateway's counters are forgotten and the request sent again. */
export async function send(wire: WireRequest, caller: Caller, callers: Callers, forgedToken?: string): Promise<Answer> {
  const authorization = caller === 'shopper' || caller === 'admin' ? `Bearer ${await callers.tokenOf(caller)}` : forgedToken;
  const signed = { ...wire, headers: { ...wire.headers, ...(authorization !== undefined && { authorization }) } };
  const answer = await exchange(signed);
  if (answer.status !== 429) return answer;
  await forgetRateLimits();
  return exchange(signed);
}

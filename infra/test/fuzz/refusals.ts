// Whether a generated request must be refused, and why: the contracts' own schemas judge each part
// as the services see it after express has parsed it (the same query parser, the same JSON rules
// and limits as express.json), so a new rule in the contracts is a new expectation here.
import { parse as parseQuery } from 'node:querystring';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Endpoint } from '@bazar/contracts';
import type { z } from 'zod';
import type { BadRequest, Param } from './bad-requests.ts';
import { NOBODY_DOMAIN, NOBODY_ID, wellFormed } from './values.ts';
import type { Callers, WireRequest } from './wire.ts';

/** express.json's default limit, which every service keeps */
const JSON_LIMIT_BYTES = 100 * 1024;
const DECOMPRESS: Record<string, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync };

/** The body as validate() gets it (`{}` when express.json leaves it alone), or why express.json
 *  refuses it before any route runs. */
function bodyAsParsed(wire: WireRequest): { value: unknown } | { refused: string } {
  const contentType = wire.headers['content-type'] ?? '';
  if (!wire.body || wire.body.length === 0 || contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') return { value: {} };
  const charset = /;\s*charset=([^;]+)/i.exec(contentType)?.[1]?.trim().toLowerCase();
  if (charset && charset !== 'utf-8') return { refused: `the body's charset is ${charset}` };
  let bytes = wire.body;
  const encoding = wire.headers['content-encoding']?.toLowerCase();
  if (encoding && encoding !== 'identity') {
    const decompress = DECOMPRESS[encoding];
    if (!decompress) return { refused: `the body's encoding ${encoding} is not supported` };
    try {
      bytes = decompress(bytes);
    } catch {
      return { refused: `the body is not ${encoding}-compressed as it claims` };
    }
  }
  if (bytes.length > JSON_LIMIT_BYTES) return { refused: `the body is ${bytes.length} bytes` };
  const text = bytes.toString();
  if (text.trim() === '') return { value: {} };
  if (!/^[\s]*[{[]/.test(text)) return { refused: 'the body is not a JSON object or array' };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { refused: 'the body is not valid JSON' };
  }
}

function paramValue(param: Param, request: BadRequest, callers: Callers): string | undefined {
  if ('own' in param) return callers.emailOf(request.caller);
  if ('text' in param) return wellFormed(param.text);
  try {
    return decodeURIComponent(param.raw);
  } catch {
    return undefined;
  }
}

const namesNobody = (value: unknown) =>
  typeof value === 'string' && (NOBODY_ID.test(value) || value.trim().toLowerCase().endsWith(`@${NOBODY_DOMAIN}`));

const problem = (part: string, result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : [`${part}: ${result.error.issues[0]?.message ?? 'invalid'}`];

/** Every reason the API must refuse the request; none when it may accept it. */
export function refusalReasons(endpoint: Endpoint, request: BadRequest, wire: WireRequest, callers: Callers): string[] {
  const reasons: string[] = [];

  if (endpoint.access !== 'public') {
    if (request.caller === 'visitor' || request.caller === 'forged') reasons.push('no valid sign-in');
    else if (endpoint.access === 'admin' && request.caller !== 'admin') reasons.push('not an admin');
  }

  const params: Record<string, string> = {};
  for (const [name, param] of Object.entries(request.params)) {
    const value = paramValue(param, request, callers);
    if (value === undefined) reasons.push(`param ${name} is not validly percent-encoded`);
    else params[name] = value;
  }
  if (endpoint.params && Object.keys(params).length === Object.keys(request.params).length) {
    reasons.push(...problem('params', endpoint.params.safeParse(params)));
    if (Object.values(params).some(namesNobody)) reasons.push('a param names nothing that exists');
  }

  if (endpoint.query) reasons.push(...problem('query', endpoint.query.safeParse({ ...parseQuery(request.query) })));
  if (endpoint.headers) reasons.push(...problem('headers', endpoint.headers.safeParse(wire.headers)));

  const body = bodyAsParsed(wire);
  if ('refused' in body) reasons.push(body.refused);
  else if (endpoint.upload) reasons.push('no acceptable image in the form');
  else if (endpoint.body) {
    const parsed = endpoint.body.safeParse(body.value);
    reasons.push(...problem('body', parsed));
    // an id that has the right shape and names nothing (a product to add to the cart)
    if (parsed.success && Object.values(parsed.data as object).some((value) => typeof value === 'string' && NOBODY_ID.test(value)))
      reasons.push('the body names nothing that exists');
  }
  return reasons;
}

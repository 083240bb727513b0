// The house rules for answering a client's mistake, checked on one answer: never a 5xx, never a
// stack trace or a database's own words, a refusal as JSON `{ "error": …, "code": … }` with one of
// the statuses the API uses and a code of the contracts' catalogue (which the apps word each
// refusal by), and a request that had to be refused is refused.
import { ErrorAnswer, REFUSAL_CODES } from '@bazar/contracts';
import { z } from 'zod';
import { serverErrorsFor } from './server-logs.ts';
import type { Answer, WireRequest } from './wire.ts';

/** 415: a body in a charset or encoding the services do not read; 431: an address or headers longer
 *  than Node reads (16 KB) */
const REFUSAL_STATUSES = new Set([400, 401, 403, 404, 409, 413, 415, 431]);
const INTERNALS = [
  /\n\s+at \S.*:\d+:\d+/, // a V8 stack frame
  /node:internal|node_modules\//,
  /\/(src|dist)\/[\w/.-]+\.[cm]?[jt]s\b/,
  /Mongo\w*Error|E11000|CastError|BSON\w*Error|ValidationError|ZodError/,
  /\bE(CONNREFUSED|CONNRESET|PIPE)\b/,
];

/** A refusal: `error`, `code`, `fields` for a refused body, and the values some refusals carry for
 *  a page to word them (REFUSALS names them), nothing else. */
const REFUSAL = ErrorAnswer.extend({
  limit: z.number().optional(),
  minutes: z.number().optional(),
  available: z.number().optional(),
  email: z.string().optional(),
  slot: z.string().optional(),
  status: z.string().optional(),
  to: z.string().optional(),
  items: z.array(z.unknown()).optional(),
}).strict();

export function brokenRule(answer: Answer, reasons: readonly string[]): string | undefined {
  if (answer.status === 0) return answer.text;
  if (answer.status >= 500) return `answered ${answer.status}`;
  const leak = INTERNALS.find((pattern) => pattern.test(answer.text));
  if (leak) return `showed its internals (${leak.source})`;
  if (answer.headers['x-powered-by']) return 'named its framework in X-Powered-By';
  if (answer.status < 400) return reasons.length > 0 ? `accepted it (${answer.status}) although ${reasons.join('; ')}` : undefined;
  if (!REFUSAL_STATUSES.has(answer.status)) return `refused it with ${answer.status}, not one of ${[...REFUSAL_STATUSES].join(', ')}`;
  if (!String(answer.headers['content-type']).startsWith('application/json'))
    return `refused it as ${answer.headers['content-type']}, not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'refused it without the { "error": "…", "code": "…" } answer';
  }
  const code = (body as { code?: unknown } | null)?.code;
  if (!(REFUSAL_CODES as readonly unknown[]).includes(code))
    return `refused it without a code of the contracts' REFUSALS (code: ${JSON.stringify(code)})`;
  if (REFUSAL.safeParse(body).success) return undefined;
  return 'refused it without the { "error": "…", "code": "…" } answer';
}

const clip = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** The request and its answer as a person reads them in a failed test. */
export function describeExchange(wire: WireRequest, caller: string, reasons: readonly string[], answer: Answer): string {
  const headers = Object.entries(wire.headers).map(([name, value]) => `    ${name}: ${clip(value, 120)}`);
  return [
    `  ${wire.method} ${clip(wire.path, 300)} as ${caller}`,
    ...headers,
    ...(wire.body ? [`    body (${wire.body.length} bytes): ${clip(wire.body.toString('latin1').replace(/[^\x20-\x7e]/g, '·'))}`] : []),
    `  must be refused because: ${reasons.length > 0 ? reasons.join('; ') : '(nothing: it may be accepted)'}`,
    `  answer: ${answer.status} ${clip(answer.text)}`,
    ...(answer.status >= 500 ? serverErrorsFor(answer.headers['x-request-id']).map((error) => `  logged: ${error}`) : []),
  ].join('\n');
}

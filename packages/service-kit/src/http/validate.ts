import type { RequestHandler } from 'express';
import { cleanInput, type ErrorAnswer } from '@bazar/contracts';
import type { z } from 'zod';
import { HttpError, describeZodError, zodFieldErrors } from './errors';

interface Schemas<P, B, Q> {
  params?: z.ZodType<P>;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  headers?: z.ZodType;
}

/** Validates the parts of a request with contract schemas and replaces them with the parsed
 *  values, so the handler after it sees typed, trimmed, defaulted input; text is normalised and
 *  control and text-direction characters refused first (contracts' cleanInput). Any failure is a 400
 *  naming the field; a refused body also lists its fields in `fields`, for a form to show each
 *  message under its own field. */
export function validate<P = Record<string, string>, B = unknown, Q = Record<string, unknown>>(
  schemas: Schemas<P, B, Q>,
): RequestHandler<P, unknown, B, Q> {
  const parts = (['params', 'query', 'headers', 'body'] as const).flatMap((part) => {
    const schema = schemas[part];
    return schema ? [[part, schema] as const] : [];
  });
  return (req, _res, next) => {
    for (const [part, schema] of parts) {
      const raw: unknown = part === 'body' ? (req.body ?? {}) : req[part];
      // headers are the gateway's and the client's machinery, not typed text; an empty part (a
      // list asked for without a query) has no text
      const cleaned = part === 'headers' || isEmpty(raw) ? { ok: true as const, value: raw } : cleanInput(raw, part);
      if (!cleaned.ok) {
        throw new HttpError(
          400,
          'invalid-request',
          cleaned.problem,
          part === 'body' ? { fields: { [cleaned.field]: cleaned.problem } } : undefined,
        );
      }
      const result = schema.safeParse(cleaned.value);
      if (!result.success) throw refusal(part, result.error);
      // express 5 exposes `query` as a getter; an own property shadows it for this request
      if (part !== 'headers') Object.defineProperty(req, part, { value: result.data, writable: true, enumerable: true });
    }
    next();
  };
}

function isEmpty(part: unknown): boolean {
  if (typeof part !== 'object' || part === null) return false;
  for (const _key in part) return false;
  return true;
}

/** The 400 for one refused part: `error` in one line; for the body, also `fields`. */
function refusal(part: 'params' | 'query' | 'headers' | 'body', error: z.ZodError): HttpError {
  if (part !== 'body') return new HttpError(400, 'invalid-request', describeZodError(error, part));
  const fields = zodFieldErrors(error);
  const details: Omit<ErrorAnswer, 'error' | 'code'> | undefined = Object.keys(fields).length > 0 ? { fields } : undefined;
  return new HttpError(400, 'invalid-request', describeZodError(error), details);
}

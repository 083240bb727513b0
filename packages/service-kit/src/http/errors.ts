import type { ErrorRequestHandler, RequestHandler } from 'express';
import { logRequestProblem } from './observe';
import { ZodError } from 'zod';
import type { ErrorAnswer, FieldErrors, RefusalCode } from '@bazar/contracts';

/** An error whose message is safe to show to the client, with its HTTP status and the code of the
 *  refusal (the contracts' REFUSALS), which the answer carries beside the message. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: RefusalCode,
    message: string,
    /** extra answer fields, e.g. the items that are out of stock */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: RefusalCode, message: string) => new HttpError(400, code, message);
export const forbidden = (code: RefusalCode = 'forbidden', message = 'You may not do that') => new HttpError(403, code, message);
export const notFound = (code: RefusalCode = 'not-found', message = 'Not found') => new HttpError(404, code, message);
export const conflict = (code: RefusalCode, message: string, details?: Record<string, unknown>) =>
  new HttpError(409, code, message, details);
/** A refusal of one body field found by route code rather than `validate()`, which names the
 *  field in `fields` the same way, so a form can show the message under it; `details` are further
 *  answer fields. */
export const fieldRefusal = (status: number, code: RefusalCode, field: string, message: string, details?: Record<string, unknown>) =>
  new HttpError(status, code, message, { fields: { [field]: message } satisfies FieldErrors, ...details });

/** One problem in plain words, "price must be a number", its subject named once. */
function describeIssue(issue: ZodError['issues'][number], where?: string): string {
  const field = issue.path.map(String).join('.');
  const subject = [where, field].filter(Boolean).join(' ');
  if (!subject || (field && issue.message.startsWith(field))) return issue.message;
  return /^[a-z]/.test(issue.message) ? `${subject} ${issue.message}` : `${subject}: ${issue.message}`;
}

/** "price must be a number; name is required": the first few issues in plain words. Unknown keys
 *  come first, so they are named however many fields are also missing. */
export function describeZodError(error: ZodError, where?: string): string {
  const unknownKeys = (issue: ZodError['issues'][number]) => issue.code === 'unrecognized_keys';
  return [...error.issues.filter(unknownKeys), ...error.issues.filter((issue) => !unknownKeys(issue))]
    .slice(0, 5)
    .map((issue) => describeIssue(issue, where))
    .join('; ');
}

/** Enough for any form; a long list (a cart of bad lines) is cut rather than echoed whole. */
const MAX_FIELD_ERRORS = 20;

/** Each field a body issue names, by its path (`price`, `mycart.0.cartPrice`), with its first
 *  problem in the same words as `describeZodError`. Issues about the body as a whole (not an
 *  object, unknown keys) name no field and are left to `error`. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.path.length === 0) continue;
    const field = issue.path.map(String).join('.');
    if (field in fields) continue;
    if (Object.keys(fields).length === MAX_FIELD_ERRORS) break;
    fields[field] = describeIssue(issue);
  }
  return fields;
}

interface BodyParserError {
  type: string;
  status: number;
  expose: boolean;
  message: string;
}
function isBodyParserError(err: unknown): err is BodyParserError {
  return typeof err === 'object' && err !== null && 'type' in err && 'status' in err && typeof err.status === 'number';
}

/** An http-errors style error that says the client is at fault. */
function isClientError(err: unknown): err is { status: number } {
  return (
    typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' && err.status >= 400 && err.status < 500
  );
}

/** How a part's own errors are answered (the database's: a malformed id, a duplicate key, the
 *  database away); undefined for an error that is not the part's. */
export type PartErrorAnswer = (err: unknown) => { status: number; code: RefusalCode; error: string; problem?: string } | undefined;

/** Added by the parts a process loads (`@bazar/service-kit/mongo`), so the HTTP part needs none of them. */
const partErrorAnswers: PartErrorAnswer[] = [];
export function answerPartErrors(answerOf: PartErrorAnswer): void {
  if (!partErrorAnswers.includes(answerOf)) partErrorAnswers.push(answerOf);
}

export const unknownRoute: RequestHandler = (_req, _res, next) => next(notFound('no-such-endpoint', 'No such endpoint'));

/** The code of a body parser's (http-errors') 4xx by its status. */
function clientErrorCode(status: number): RefusalCode {
  if (status === 413) return 'body-too-large';
  if (status === 415) return 'unsupported-media-type';
  return 'unreadable-request';
}

/** Maps every error to `{ error, code }` (the contracts' `ErrorAnswer`) with a status; only unexpected errors answer 500, without detail. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  if (res.headersSent) return next(err);
  const answer = (status: number, code: RefusalCode, error: string, details?: Record<string, unknown>) =>
    void res.status(status).json({ error, code, ...details } satisfies ErrorAnswer);

  if (err instanceof HttpError) {
    if (err.status === 503) res.setHeader('Retry-After', '5');
    return answer(err.status, err.code, err.message, err.details);
  }
  if (err instanceof ZodError) return answer(400, 'invalid-request', describeZodError(err));
  if (isBodyParserError(err)) {
    if (err.type === 'entity.too.large') return answer(413, 'body-too-large', 'The request body is too large');
    if (err.type === 'entity.parse.failed') return answer(400, 'unreadable-request', 'The request body is not valid JSON');
    if (err.status >= 400 && err.status < 500)
      return answer(err.status, clientErrorCode(err.status), err.expose ? err.message : 'Bad request');
  }
  // express's router marks a path with a broken %-escape 400; body-parser marks a body that does not
  // decompress as its Content-Encoding says 400, with zlib's words (and no `type`)
  if (err instanceof URIError) return answer(400, 'unreadable-request', 'The address is not validly percent-encoded');
  if (isClientError(err)) return answer(err.status, clientErrorCode(err.status), 'The request body could not be read');
  for (const answerOf of partErrorAnswers) {
    const found = answerOf(err);
    if (!found) continue;
    // a part away (the database) is a problem of the store's, worth a log line, not a bug
    if (found.problem) logRequestProblem(req, 'warn', { err }, found.problem);
    if (found.status === 503) res.setHeader('Retry-After', '5');
    return answer(found.status, found.code, found.error);
  }

  logRequestProblem(req, 'error', { err }, 'request failed');
  return answer(500, 'internal', 'Internal error');
};

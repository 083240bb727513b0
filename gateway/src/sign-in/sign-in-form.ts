import { SignInFormFields } from '@bazar/contracts';
import { HttpError } from '@bazar/service-kit/http';
import type { Request } from 'express';

/** The largest form a login-actions page posts (the registration form is the largest, far below). */
export const FORM_LIMIT = '16kb';

/** A form the gateway read as Keycloak will: its fields, and the account it names if any. */
export interface SignInForm {
  fields: URLSearchParams;
  /** whether the form has a username field */
  named: boolean;
  /** the username as Keycloak looks it up, when the field is not empty */
  account: string | undefined;
}

// Keycloak also reads multipart/form-data and other charsets; the store's pages post neither, and
// a body the gateway would read differently from Keycloak is a way around the count.
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Keycloak trims the username as Java's String.trim does (every character up to U+0020, controls
 *  included, so `%01victim` is the victim) and looks it up in lower case. The count is kept under the
 *  same name; the Unicode spaces JavaScript trims too are also dropped, which can only count two
 *  spellings as one, never one name as two. */
// eslint-disable-next-line no-control-regex -- the controls are what Java's trim drops
const EDGES = /^[\u0000-\u0020\s]+|[\u0000-\u0020\s]+$/gu;

/**
 * Reads a login-actions post as Keycloak will, or says why it cannot: a body that is not a UTF-8
 * url-encoded form, too large to read (`bodyError`, from the parser), or naming `username` or
 * `password` more than once (Keycloak takes the first of each, a plain parser the last, so the
 * count would fall on another name than the one Keycloak signs in). Such a post is never passed on.
 */
export function readSignInForm(req: Request, bodyError: unknown): SignInForm | HttpError {
  if (bodyError !== undefined)
    return (bodyError as { status?: unknown }).status === 413
      ? new HttpError(413, 'body-too-large', 'The sign-in form is too large')
      : new HttpError(400, 'sign-in-form-unreadable', 'The sign-in form could not be read');
  if (!FORM_TYPE.test(req.get('content-type') ?? ''))
    return new HttpError(415, 'unsupported-media-type', 'The sign-in form must be sent as a UTF-8 application/x-www-form-urlencoded form');
  let text: string;
  try {
    text = utf8.decode(Buffer.isBuffer(req.body) ? req.body : new Uint8Array());
  } catch {
    return new HttpError(400, 'sign-in-form-unreadable', 'The sign-in form is not UTF-8');
  }
  const fields = new URLSearchParams(text);
  for (const name of ['username', 'password'])
    if (fields.getAll(name).length > 1)
      return new HttpError(400, 'sign-in-form-unreadable', `The sign-in form names its ${name} more than once`);
  const username = fields.get('username');
  if (username === null) return { fields, named: false, account: undefined };
  const trimmed = username.replace(EDGES, '');
  // an empty name is checked against no account: Keycloak answers with its form asking for the email
  if (trimmed === '') return { fields, named: true, account: undefined };
  // an invalid percent-encoding decodes to U+FFFD here and perhaps to another name in Keycloak
  const parsed = SignInFormFields.safeParse({ username: trimmed });
  if (!parsed.success || username.includes('\uFFFD'))
    return new HttpError(400, 'email-required', 'The sign-in form needs your email address');
  return { fields, named: true, account: parsed.data.username };
}

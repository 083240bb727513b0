import { createHash } from 'node:crypto';
import { CLOSE_MATCHES_HEADER, TOTAL_COUNT_HEADER } from '@bazar/contracts';

/**
 * What an API read answered, in short, two ways:
 * - `print`, its status, body and the headers its page shows beside the body (`shownHeaders`: a
 *   list's total, a search's close matches): a page rendered from it is current while it is the same;
 * - `lasting`, the same with each product's count of units left reduced to whether it has any. A
 *   page whose reads changed in their counts alone (shoppers ordering) is served on, marked, and
 *   the shell reads its answers again once it has hydrated (PRERENDERED_COUNTS_STALE); any other
 *   change (a price, a name, a product sold out or back, one added or gone) takes it away at once.
 * No other header: nginx's micro-cache, told by a 304 that an answer has not changed, keeps the
 * headers it first stored. The catalog's ETag covers the body's own headers (prepareJson in the
 * catalog service), so those are current through it; other headers may not be, and comparing them
 * would render a page again and again.
 */
export interface AnswerPrints {
  print: string;
  lasting: string;
}

/** Headers as undici and Playwright give them (lower-case names; undici gives a repeated one as a list). */
export type AnswerHeaders = Record<string, string | string[] | undefined>;
const BODY_HEADERS = [TOTAL_COUNT_HEADER, CLOSE_MATCHES_HEADER];

/** The headers a page shows beside the read's body: a list's total and a search's close matches,
 *  shown by the search and category pages, whose reads ask for a numbered page (their pagination).
 *  Home asks for the shelf's first products alone and shows neither: a product published beyond
 *  them leaves it as it is. */
export function shownHeaders(read: string, headers: AnswerHeaders): Record<string, string> {
  if (!new URLSearchParams(read.split('?')[1] ?? '').has('page')) return {};
  return Object.fromEntries(
    BODY_HEADERS.flatMap((name) => {
      const value = headers[name];
      return value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]];
    }),
  );
}

/** The prints of an answer, with the headers its page shows (`shownHeaders`). */
export function answerPrints(status: number, body: Uint8Array, shown: Record<string, string> = {}): AnswerPrints {
  const bodyHeaders = JSON.stringify(BODY_HEADERS.map((name) => shown[name] ?? null));
  const hashOf = (content: string | Uint8Array) =>
    `${status} ${createHash('sha256').update(content).update('\0').update(bodyHeaders).digest('base64url')}`;
  const print = hashOf(body);
  const lasting = status === 200 ? countsAsStock(body) : undefined;
  return { print, lasting: lasting === undefined ? print : hashOf(lasting) };
}

/** A catalog product as answers carry it, alone or in a list. */
const isProduct = (value: object): value is { _id: string; quantity: number } =>
  '_id' in value && typeof (value as { quantity?: unknown }).quantity === 'number';

/** The JSON body with each product's `quantity` as whether it has any (1 or 0); undefined when the
 *  body is not JSON. */
function countsAsStock(body: Uint8Array): string | undefined {
  let answer: unknown;
  try {
    answer = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return undefined;
  }
  return JSON.stringify(answer, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && isProduct(value)
      ? { ...value, quantity: value.quantity > 0 ? 1 : 0 }
      : value,
  );
}

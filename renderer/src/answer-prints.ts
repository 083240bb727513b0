import { createHash } from 'node:crypto';

/**
 * What an API read answered, in short, two ways:
 * - `print`, its status and body: a page rendered from it is current while it is the same;
 * - `lasting`, the same with each product's count of units left reduced to whether it has any. A
 *   page whose reads changed in their counts alone (shoppers ordering) is served on, marked, and
 *   the shell reads its answers again once it has hydrated (PRERENDERED_COUNTS_STALE); any other
 *   change (a price, a name, a product sold out or back, one added or gone) takes it away at once.
 * Not its headers (a search's X-Total-Count): nginx's micro-cache keeps the headers an answer was
 * first cached with when the gateway says the body has not changed (304), so browsers, and the
 * renderer's Chromium, can be shown another count than a fresh request gets, and the page would be
 * rendered again and again.
 */
export interface AnswerPrints {
  print: string;
  lasting: string;
}

const hashOf = (status: number, body: string | Uint8Array) => `${status} ${createHash('sha256').update(body).digest('base64url')}`;

export function answerPrints(status: number, body: Uint8Array): AnswerPrints {
  const print = hashOf(status, body);
  const lasting = status === 200 ? countsAsStock(body) : undefined;
  return { print, lasting: lasting === undefined ? print : hashOf(status, lasting) };
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

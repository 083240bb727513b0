// A refused request in the page's words, by its code. Not part of the shell's first render: each app takes it
// where it words a refusal, and reaches i18next only through the shared `@bazar/web-kit/i18n`.
import { currentLanguage, formatNumber, hasText, translate } from '@bazar/web-kit/i18n';
import { serverMessage } from './serverMessage';

/** The answer of a refused request (the contracts' ErrorAnswer), looked at by hand: the schema would
 *  bring zod into every page. */
type Refusal = { data?: Record<string, unknown> | null };

/** The code of a refusal (`{ error, code }`, one of the contracts' REFUSALS), if the answer named one. */
export function refusalCode(error: unknown): string | undefined {
  const code = (error as Refusal | undefined)?.data?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The values a refusal's words may name (`limit`, `email`), from the answer's own fields, numbers
 *  written in the page's digits. */
function valuesOf(data: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'error' || key === 'code') continue;
    if (typeof value === 'number') values[key] = formatNumber(value);
    else if (typeof value === 'string') values[key] = value;
  }
  return values;
}

/**
 * A refused request in the page's language. On a Bangla page, the Bangla of its code (the
 * `refusals` messages, one for every code of the contracts' REFUSALS) with the values the answer
 * carries; on an English page, the server's own words, which are the product's. Falls back to the
 * server's words (an answer without a code, or before the messages have loaded), then to undefined
 * for an answer that says nothing, for the caller to word.
 */
export function refusalText(error: unknown): string | undefined {
  const words = serverMessage(error);
  const code = refusalCode(error);
  if (!code || (words && currentLanguage() !== 'bn')) return words;
  const key = `refusals:${code}`;
  if (!hasText(key)) return words;
  return translate(key, valuesOf((error as Refusal).data ?? {}));
}

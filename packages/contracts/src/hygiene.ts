// Text as the store keeps it, checked in one place for every request (the service kit's validate):
// whatever field it is in, text is normalised to NFC (the same letters always the same code points,
// so a search or comparison of Bangla or accented names finds them), and characters that do not
// belong in anything a person typed are refused with the field named.

/**
 * Characters nobody sees, refused wherever text enters (issue 53): they make text read differently
 * from how it is stored (an order note that shows another phone number, `Rahim` and `Ra\u200Bhim` two
 * accounts that look one), or hide text altogether.
 * - C0 and C1 controls and DEL (`\p{Cc}`), except tab, line feed and carriage return: a note or an
 *   address may run over lines (names may not: `OneLine` in ./common);
 * - every format character (`\p{Cf}`): the bidirectional marks, embeddings, overrides and isolates
 *   (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), zero-width space, word joiner and byte
 *   order mark (U+200B, U+2060, U+FEFF), the invisible operators (U+2061–U+2064), the soft hyphen
 *   (U+00AD: shown only where a line breaks, so `ad\u00ADmin` reads `admin`; no script the store
 *   serves needs one, and a name or address with it would match nothing typed), the tag characters
 *   (U+E0000 block, invisible text of their own) and the rest of the category;
 * - the line and paragraph separators U+2028 and U+2029 (`\p{Zl}`, `\p{Zp}`): line breaks no form
 *   makes, which break JSON embedded in scripts;
 * - the combining grapheme joiner U+034F and the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0):
 *   invisible, and used for names that look blank;
 * - a lone surrogate (`\p{Cs}`), half a character, which no encoding stores.
 * Two format characters stay: Bangla needs ZERO WIDTH NON-JOINER U+200C and ZERO WIDTH JOINER U+200D
 * (কি‌ন্তু, র‍্যাব: they choose how a conjunct is drawn), and emoji need ZWJ too (👨‍👩‍👧). The
 * tag characters of an emoji flag (🏴 then letters then U+E007F: England's, Scotland's, Wales')
 * are part of a picture, not hidden text, and stay with it.
 */
const HIDDEN = /(?![\t\n\r\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u034F\u115F\u1160\u3164\uFFA0]/u;
/** An emoji flag of a region: a black flag, its tag letters, the cancel tag. */
const EMOJI_FLAG = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/u;
/** A flag (group 1), or else one hidden character. */
const FLAG_OR_HIDDEN = new RegExp(`(${EMOJI_FLAG.source})|${HIDDEN.source}`, 'gu');

/** Whether `text` holds a character nobody sees (HIDDEN); tabs and line breaks are not counted. */
export function hasHiddenCharacters(text: string): boolean {
  if (!HIDDEN.test(text)) return false;
  for (const match of text.matchAll(FLAG_OR_HIDDEN)) if (match[1] === undefined) return true;
  return false;
}

/** `text` without its hidden characters, on one line (tabs and line breaks of any kind become spaces), trimmed
 *  and in NFC: for text the store is handed rather than typed to it, which it cannot refuse (the
 *  name Keycloak gives an account that already exists). */
export function withoutHiddenCharacters(text: string): string {
  return text
    .replace(/[\t\n\r\u0085\u2028\u2029]+/g, ' ') // every kind of line break, a space
    .replace(FLAG_OR_HIDDEN, (_hidden, flag: string | undefined) => flag ?? '')
    .trim()
    .normalize('NFC');
}

/** Deeper than any body of the store's API; a deeper one is refused before it is walked. */
const MAX_DEPTH = 32;

export type CleanedInput = { ok: true; value: unknown } | { ok: false; field: string; problem: string };

/** `value` with every string (and object key) normalised to NFC, or the first field holding a
 *  character that is not typed text. `where` names the part (`body`, `query`) for a top-level
 *  problem. */
export function cleanInput(value: unknown, where: string): CleanedInput {
  const problem = (field: string): CleanedInput => ({
    ok: false,
    field,
    problem: `${field} must not contain control, text-direction or invisible characters`,
  });
  const clean = (input: unknown, path: string[]): CleanedInput => {
    const field = path.join('.') || where;
    if (path.length > MAX_DEPTH) return { ok: false, field: where, problem: `${where} is nested too deeply` };
    if (typeof input === 'string') return hasHiddenCharacters(input) ? problem(field) : { ok: true, value: input.normalize('NFC') };
    if (Array.isArray(input)) {
      const items: unknown[] = [];
      for (const [index, item] of input.entries()) {
        const cleaned = clean(item, [...path, String(index)]);
        if (!cleaned.ok) return cleaned;
        items.push(cleaned.value);
      }
      return { ok: true, value: items };
    }
    if (typeof input === 'object' && input !== null) {
      const entries: [string, unknown][] = [];
      for (const [key, item] of Object.entries(input)) {
        if (hasHiddenCharacters(key)) return problem([...path, JSON.stringify(key)].join('.'));
        const cleaned = clean(item, [...path, key]);
        if (!cleaned.ok) return cleaned;
        entries.push([key.normalize('NFC'), cleaned.value]);
      }
      return { ok: true, value: Object.fromEntries(entries) };
    }
    return { ok: true, value: input };
  };
  return clean(value, []);
}

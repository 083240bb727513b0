// Text as the store keeps it, checked in one place for every request (the service kit's validate):
// whatever field it is in, text is normalised to NFC (the same letters always the same code points,
// so a search or comparison of Bangla or accented names finds them), and characters that do not
// belong in anything a person typed are refused with the field named.

/** C0 and C1 control characters other than tab, line feed and carriage return, and DEL; and the
 *  bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make text
 *  read differently from how it is stored (an order note that shows a different phone number). */
// eslint-disable-next-line no-control-regex -- control characters are what it is there to find
const NOT_TYPED_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

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
    problem: `${field} must not contain control or text-direction characters`,
  });
  const clean = (input: unknown, path: string[]): CleanedInput => {
    const field = path.join('.') || where;
    if (path.length > MAX_DEPTH) return { ok: false, field: where, problem: `${where} is nested too deeply` };
    if (typeof input === 'string') return NOT_TYPED_TEXT.test(input) ? problem(field) : { ok: true, value: input.normalize('NFC') };
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
        if (NOT_TYPED_TEXT.test(key)) return problem([...path, JSON.stringify(key)].join('.'));
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

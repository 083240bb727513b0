import { cleanInput, hasHiddenCharacters, withoutHiddenCharacters } from './index';

describe('cleanInput', () => {
  it('normalises every string and key to NFC, however deep', () => {
    const decomposed = 'Cafe\u0301 Ru\u0308pchanda'; // é and ü as letter + combining mark
    expect(cleanInput({ name: decomposed, mycart: [{ cartName: decomposed }] }, 'body')).toEqual({
      ok: true,
      value: { name: 'Café Rüpchanda', mycart: [{ cartName: 'Café Rüpchanda' }] },
    });
    expect(cleanInput({ ['nam\u0065\u0301']: 1 }, 'body')).toEqual({ ok: true, value: { ['namé']: 1 } });
  });

  it('keeps Bangla, emoji, tabs and line breaks', () => {
    const note = 'বাড়ি ১২, রোড ৫\r\n\tগেটের পাশে 🚪';
    expect(cleanInput({ addinfo: note }, 'body')).toEqual({ ok: true, value: { addinfo: note.normalize('NFC') } });
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', '01712\u202E345678'],
    ['a left-to-right isolate', 'a\u2066b\u2069'],
  ])('refuses %s, naming the field', (_what, text) => {
    expect(cleanInput({ profile: { phone: text } }, 'body')).toEqual({
      ok: false,
      field: 'profile.phone',
      problem: 'profile.phone must not contain control, text-direction or invisible characters',
    });
  });

  it('names the part for a bare string, and a key that holds one', () => {
    expect(cleanInput('a\u0000', 'query')).toMatchObject({ ok: false, field: 'query' });
    expect(cleanInput({ ['x\u202E']: 1 }, 'body')).toMatchObject({ ok: false, field: '"x\u202E"' });
  });

  it('refuses a body nested deeper than any of the store’s, before walking it all', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 5_000; i++) deep = [deep];
    expect(cleanInput({ offerTitle: deep }, 'body')).toEqual({ ok: false, field: 'body', problem: 'body is nested too deeply' });
  });
});

// Issue 53: the API refused U+202E, U+2067 and U+0000 but stored these.
const HIDDEN: [string, string][] = [
  ['U+061C ARABIC LETTER MARK', '\u061C'],
  ['U+200E LEFT-TO-RIGHT MARK', '\u200E'],
  ['U+200F RIGHT-TO-LEFT MARK', '\u200F'],
  ['U+202A LEFT-TO-RIGHT EMBEDDING', '\u202A'],
  ['U+202B RIGHT-TO-LEFT EMBEDDING', '\u202B'],
  ['U+202C POP DIRECTIONAL FORMATTING', '\u202C'],
  ['U+202D LEFT-TO-RIGHT OVERRIDE', '\u202D'],
  ['U+202E RIGHT-TO-LEFT OVERRIDE', '\u202E'],
  ['U+2066 LEFT-TO-RIGHT ISOLATE', '\u2066'],
  ['U+2067 RIGHT-TO-LEFT ISOLATE', '\u2067'],
  ['U+2068 FIRST STRONG ISOLATE', '\u2068'],
  ['U+2069 POP DIRECTIONAL ISOLATE', '\u2069'],
  ['U+200B ZERO WIDTH SPACE', '\u200B'],
  ['U+2060 WORD JOINER', '\u2060'],
  ['U+FEFF ZERO WIDTH NO-BREAK SPACE (byte order mark)', '\uFEFF'],
  ['U+2028 LINE SEPARATOR', '\u2028'],
  ['U+2029 PARAGRAPH SEPARATOR', '\u2029'],
  ['U+00AD SOFT HYPHEN', '\u00AD'],
  ['U+2061 FUNCTION APPLICATION', '\u2061'],
  ['U+180E MONGOLIAN VOWEL SEPARATOR', '\u180E'],
  ['U+034F COMBINING GRAPHEME JOINER', '\u034F'],
  ['U+3164 HANGUL FILLER', '\u3164'],
  ['U+E0041 TAG LATIN CAPITAL LETTER A', '\u{E0041}'],
  ['U+0000 NUL', '\u0000'],
  ['U+001B ESCAPE', '\u001B'],
  ['U+0085 NEXT LINE (C1)', '\u0085'],
  ['a lone surrogate', '\uD800'],
];

describe('hidden characters', () => {
  it.each(HIDDEN)('refuses %s, in a value and in a key', (_name, hidden) => {
    const problem = 'name must not contain control, text-direction or invisible characters';
    expect(cleanInput({ name: `Rahima${hidden} Begum` }, 'body')).toEqual({ ok: false, field: 'name', problem });
    expect(cleanInput({ [`na${hidden}me`]: 'Rahima' }, 'body')).toMatchObject({ ok: false });
    expect(hasHiddenCharacters(`${hidden}`)).toBe(true);
  });

  it.each([
    ['র‍্যাব, with ZERO WIDTH JOINER (U+200D)', '\u09B0\u200D\u09CD\u09AF\u09BE\u09AC'],
    ['কি‌ন্তু, with ZERO WIDTH NON-JOINER (U+200C)', '\u0995\u09BF\u200C\u09A8\u09CD\u09A4\u09C1'],
    ['a family emoji, joined by ZWJ', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'],
    ["England's flag (tag characters inside an emoji)", '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['emoji presentation (a variation selector)', '\u2764\uFE0F'],
    ['a note over lines, with a tab', 'বাড়ি ১২\r\n\tগেটের পাশে'],
  ])('keeps %s', (_what, text) => {
    expect(hasHiddenCharacters(text)).toBe(false);
    expect(cleanInput({ addinfo: text }, 'body')).toEqual({ ok: true, value: { addinfo: text.normalize('NFC') } });
  });

  it('refuses a tag character outside an emoji flag', () => {
    expect(hasHiddenCharacters('\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} ok\u{E0041}')).toBe(true);
  });

  it('cleans a name it cannot refuse: hidden characters out, line breaks to spaces, ZWNJ and ZWJ kept', () => {
    expect(withoutHiddenCharacters('Karim\u202E Uddin\u200B')).toBe('Karim Uddin');
    expect(withoutHiddenCharacters('\uFEFFRahima\r\nBegum\u2028')).toBe('Rahima Begum');
    const bangla = '\u09B0\u200D\u09CD\u09AF\u09BE\u09AC \u0995\u09BF\u200C\u09A8\u09CD\u09A4\u09C1';
    expect(withoutHiddenCharacters(`\u200F${bangla}\u061C`)).toBe(bangla);
    for (const [, hidden] of HIDDEN) expect(hasHiddenCharacters(withoutHiddenCharacters(`a${hidden}b`))).toBe(false);
  });
});

// The values a careless or hostile client sends in place of what the API asks for: wrong types,
// query-operator objects, huge and strange strings, malformed ids and addresses.
import fc from 'fast-check';

/** A long run of one character, sent in full but printed short in a counterexample. */
export class Huge {
  constructor(
    readonly char: string,
    readonly length: number,
  ) {}
  toJSON(): string {
    return this.char.repeat(this.length);
  }
  toString(): string {
    return this.toJSON();
  }
  [fc.toStringMethod](): string {
    return `${JSON.stringify(this.char)}×${this.length}`;
  }
}

/** Ids that have the right shape but name nothing: ObjectIds of 1970 (their first 4 bytes are a
 *  timestamp), so a write that gets past validation still finds nothing to change. */
export const NOBODY_ID = /^0{8}[0-9a-f]{16}$/;
export const nobodyId = () => fc.stringMatching(NOBODY_ID);
/** Addresses of a domain that cannot exist (RFC 2606), so no account has one. */
export const NOBODY_DOMAIN = 'nobody.invalid';
export const nobodyEmail = () => fc.stringMatching(/^[a-z][a-z0-9]{0,20}$/).map((local) => `${local}@${NOBODY_DOMAIN}`);

/** The text with lone UTF-16 surrogates replaced, as a UTF-8 encoder would (U+FFFD), so that it
 *  can be percent-encoded (String.prototype.toWellFormed, before ES2024). */
export const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** Text a person might type in any script, including what breaks naive code. */
export const strangeText = () =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      'মিনিকেট চাল ৫ কেজি',
      '\u0000',
      'a\u0000b',
      '\u202eevil\u202c',
      '\u200b',
      '\ufeff',
      '\ud800',
      '👨‍👩‍👧‍👦🇧🇩',
      '<script>alert(1)</script>',
      "'; DROP TABLE users; --",
      '${7*7}{{7*7}}',
      '../../etc/passwd',
      '\r\nX-Injected: 1',
      '   ',
      '',
      'null',
      'undefined',
      'NaN',
      '[object Object]',
      '__proto__',
      'constructor',
    ),
  );

/** Up to 200,000 characters: past every field's limit, and past the services' 100 kB for bodies. */
export const hugeText = (lengths: readonly number[] = [1_001, 10_000, 60_000, 200_000]) =>
  fc.tuple(fc.constantFrom('a', 'ব', '😀', '0', ' '), fc.constantFrom(...lengths)).map(([char, length]) => new Huge(char, length));
/** As long as a path segment can be: nginx refuses a request line over 8 kB before the gateway
 *  sees it, and node's HTTP parser answers 431 without a body past 16 kB. */
export const longSegment = () => hugeText([255, 500]);

/** What MongoDB would take as an instruction rather than a value. */
export const queryOperator = () =>
  fc.oneof(
    fc.constantFrom<unknown>(
      { $gt: '' },
      { $ne: null },
      { $regex: '.*' },
      { $where: 'sleep(1000) || true' },
      { $in: [] },
      { $exists: true },
      { $expr: { $eq: [1, 1] } },
      { $set: { role: 'admin' } },
    ),
    fc.dictionary(fc.constantFrom('$gt', '$lt', '$ne', '$regex', '$or', '$and', '$where'), fc.jsonValue({ maxDepth: 1 }), {
      minKeys: 1,
      maxKeys: 2,
    }),
  );

/** Anything but the expected type: numbers, booleans, null, arrays, objects, operators. */
export const wrongType = () =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, -0, 1.5, [], {}, [null], ''),
    fc.integer(),
    fc.double(),
    fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    fc.object({ maxDepth: 1, maxKeys: 3 }),
    queryOperator(),
  );

/** Ids that must be refused: the wrong length, not hex, 12 plain characters (which the driver
 *  would take as an ObjectId), operators in text. */
export const malformedId = () =>
  fc.oneof(
    fc.stringMatching(/^[0-9a-f]{1,23}$/),
    fc.stringMatching(/^[0-9a-f]{25,40}$/),
    fc.stringMatching(/^[g-z]{24}$/),
    fc.string({ minLength: 12, maxLength: 12 }),
    fc.constantFrom('aaaaaaaaaaaa', ' 0123456789abcdef01234567', '0123456789abcdef0123456\u0000', '{"$gt":""}', 'null', '-1', '0x10'),
    strangeText(),
  );

export const malformedEmail = () =>
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      'a@',
      '@b.com',
      'a@@b.com',
      'a b@c.com',
      'a@b',
      '{"$ne":null}',
      'admin@bazar.test\u0000',
      'admin@bazar.test\r\nX: 1',
      `${'a'.repeat(250)}@b.com`,
      'ব@বাজার.বাংলা',
    ),
    strangeText(),
  );

/** Header-safe text (latin-1 without control characters), since HTTP cannot carry more. */
export const headerText = (maxLength = 200) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Path segments sent as they are, not percent-encoded: broken escapes, dot segments, separators. */
export const rawSegment = () =>
  fc.oneof(
    fc.constantFrom(
      '%',
      '%zz',
      '%FF',
      '%C0%AF',
      '%E2%82',
      '%00',
      '..',
      '.',
      '%2e%2e',
      '%2F',
      ';',
      '\\',
      '"',
      '<script>',
      '{"$gt":""}',
      '$where',
    ),
    fc.stringMatching(/^[%0-9a-zA-Z.;$]{1,20}$/),
  );

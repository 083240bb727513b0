import { cleanInput } from './index';

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
      problem: 'profile.phone must not contain control or text-direction characters',
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

// How a cell of the orders' CSV is written (order-export.ts): RFC 4180 quoting, and no cell a
// spreadsheet would run as a formula.
import { csvText } from './order-export';

it.each([
  ['Rahima Begum', 'Rahima Begum'],
  ['Road 5, Dhanmondi', '"Road 5, Dhanmondi"'],
  ['the "blue" gate', '"the ""blue"" gate"'],
  ['first line\nsecond', '"first line\nsecond"'],
  ['carriage\rreturn', '"carriage\rreturn"'],
  ['রহিমা বেগম', 'রহিমা বেগম'],
])('writes %j as %j', (text, cell) => expect(csvText(text)).toBe(cell));

it.each(['=1+2', '+8801712345678', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])('keeps %j from being a formula', (text) => {
  const cell = csvText(text);
  const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
  expect(unquoted).toBe(`'${text}`);
});

it('quotes a formula-like cell that also needs quotes', () => {
  expect(csvText('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
});

// The receipt's type: the WOFF unpacked once reads as the WOFF itself does, and text is cut into
// the stretches each font file has letters for.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { shopFormats } from '@bazar/contracts';
import { receiptPdf, runsOf } from './receipt-pdf';
import { sfntOfWoff } from './woff';

const woffFile = require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff');

it('unpacks a WOFF into the same font: every table, the same shaping and widths', () => {
  const woff = readFileSync(woffFile);
  const sfnt = sfntOfWoff(woff);
  expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavour (TrueType outlines)
  expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12)); // as many tables
  const doc = new PDFDocument();
  doc.registerFont('woff', woffFile).registerFont('sfnt', sfnt);
  // conjuncts and vowel signs around their consonant: shaped by the font's tables, which both read alike
  for (const text of ['কিশোর', 'ক্ষ্ণ শ্রী স্ত্রী', 'অর্ডারের সময়', 'পৌঁছাবে']) {
    const width = (font: string) => doc.font(font).fontSize(12).widthOfString(text);
    expect(width('sfnt')).toBeCloseTo(width('woff'), 6);
  }
  // ি after ক in the text is drawn before it: shaped, the pair is narrower than its letters apart
  const apart = doc.font('sfnt').widthOfString('ক') + doc.font('sfnt').widthOfString('\u09BF');
  expect(doc.font('sfnt').widthOfString('কি')).toBeLessThan(apart);
  doc.end();
});

it('refuses what is not a WOFF 1.0 file', () => {
  expect(() => sfntOfWoff(Buffer.from('wOF2 and more bytes than a header'))).toThrow('not a WOFF 1.0 font');
});

it('cuts text into Bengali stretches and the rest, spaces staying with the stretch they are in', () => {
  expect(runsOf('ইলিশ মাছ (1 kg) ৳১,২০০')).toEqual([
    { text: 'ইলিশ মাছ ', bengali: true },
    { text: '(1 kg) ', bengali: false },
    { text: '৳১', bengali: true },
    { text: ',', bengali: false },
    { text: '২০০', bengali: true },
  ]);
  // the joiners stay in the Bengali stretch: র‍্যাব is one conjunct
  expect(runsOf('র\u200D্যাব')).toEqual([{ text: 'র\u200D্যাব', bengali: true }]);
});

/** The text pdftotext reads from a receipt, line by line as laid out. Bangla comes out in the order
 *  its glyphs are drawn (a vowel sign before its consonant), so rows are found by their amounts. */
function receiptLines(pdf: Buffer): string[] {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString().split('\n');
}

const placedAt = '2026-12-07T08:00:00.000Z';
const line = (name: string, quantity: number) => ({
  productId: '6650a1b2c3d4e5f6a7b8c9d1',
  name,
  img: 'rice.png',
  unitPrice: 160,
  quantity,
  lineTotal: 160 * quantity,
});
const order = {
  _id: '6650a1b2c3d4e5f6a7b8c9d0',
  name: 'Rahima Akter',
  email: 'rahima@example.com',
  phone: '01712345678',
  addinfo: '',
  items: [line('Chinigura Rice 1 kg', 3), line('Miniket Rice 1 kg', 2)],
  subtotal: 800,
  delivery: 70,
  vat: 40,
  total: 910,
  status: 'placed' as const,
  placedAt,
  history: [{ status: 'placed' as const, at: placedAt, by: 'shopper' as const }],
};

it.each(['en', 'bn'] as const)('lists the amounts as the cart and checkout do: Subtotal, Delivery, VAT, Total (%s)', async (language) => {
  const { formatTaka } = shopFormats(language);
  const lines = receiptLines(await receiptPdf(order, language));
  const rowOf = (amount: number) => lines.findIndex((text) => text.trimEnd().endsWith(` ${formatTaka(amount)}`));
  const rows = [order.subtotal, order.delivery, order.vat, order.total].map(rowOf);
  expect(rows.every((row) => row >= 0)).toBe(true);
  expect(rows).toEqual([...rows].sort((a, b) => a - b));
  if (language === 'en') expect(lines[rows[1]!]).toMatch(/^\s*Delivery\s/);
});

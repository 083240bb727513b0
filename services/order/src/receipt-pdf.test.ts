// The receipt's type: the WOFF unpacked once reads as the WOFF itself does, and text is cut into
// the stretches each font file has letters for.
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { runsOf } from './receipt-pdf';
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

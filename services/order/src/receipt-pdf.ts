import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { bdDistrict, shopFormats, slotWindow, type Order, type ShopLanguage } from '@bazar/contracts';
import PDFDocument from 'pdfkit';
import { sfntOfWoff } from './woff';

// An order's receipt as a PDF (issue 54, item 6), written here from the order as it is answered.
// pdfkit lays text out with fontkit, which shapes Bangla (conjuncts, vowel signs before and around
// their consonant) from the font's OpenType tables; pdf-lib's fontkit fork places glyphs one by one
// and would print কি as ক ি. The font is Noto Sans Bengali from its npm package, as the storefront
// uses it: its Bengali glyphs and its Latin ones come in two files (subsets), so each stretch of text
// is written in the file that has its letters. The WOFF files, not the WOFF2: fontkit cannot embed a
// subset of a WOFF2's transformed glyph table, and each WOFF is unpacked once (woff.ts).

const fontFile = (subset: 'bengali' | 'latin', weight: 400 | 700) =>
  sfntOfWoff(
    readFileSync(
      createRequire(__filename).resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-${subset}-${weight}-normal.woff`),
    ),
  );
/** Read and unpacked once, when the first receipt is asked for. */
let fonts: Record<'bn' | 'bnBold' | 'latin' | 'latinBold', Buffer> | undefined;
const FONTS = () =>
  (fonts ??= {
    bn: fontFile('bengali', 400),
    bnBold: fontFile('bengali', 700),
    latin: fontFile('latin', 400),
    latinBold: fontFile('latin', 700),
  });

/** Bengali letters, signs and digits, the dandas and the joiners; a space keeps the stretch it is in. */
const BENGALI = /[\u0964\u0965\u0980-\u09FF\u25CC]|\u200C|\u200D/;
type Run = { text: string; bengali: boolean };

/** The text cut into stretches of Bengali and of everything else, for the two font files. */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const bengali = char === ' ' && last ? last.bengali : BENGALI.test(char);
    if (last && last.bengali === bengali) last.text += char;
    else runs.push({ text: char, bengali });
  }
  return runs;
}

interface Texts {
  receipt: string;
  order: string;
  placed: string;
  status: string;
  deliverTo: string;
  slot: string;
  item: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  vat: string;
  delivery: string;
  total: string;
  payment: string;
  thanks: string;
  note: string;
  statuses: Record<Order['status'], string>;
}

const TEXTS: Record<ShopLanguage, Texts> = {
  en: {
    receipt: 'Receipt',
    order: 'Order',
    placed: 'Placed',
    status: 'Status',
    deliverTo: 'Deliver to',
    slot: 'Delivery time',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    vat: 'VAT',
    delivery: 'Delivery',
    total: 'Total',
    payment: 'Payment: cash on delivery',
    thanks: 'Thank you for shopping at Bazar.',
    note: 'Note',
    statuses: {
      placed: 'Placed',
      confirmed: 'Confirmed',
      packed: 'Packed',
      'out-for-delivery': 'Out for delivery',
      delivered: 'Delivered',
      cancelled: 'Cancelled',
    },
  },
  bn: {
    receipt: 'রসিদ',
    order: 'অর্ডার',
    placed: 'অর্ডারের সময়',
    status: 'অবস্থা',
    deliverTo: 'যেখানে পৌঁছাবে',
    slot: 'ডেলিভারির সময়',
    item: 'পণ্য',
    quantity: 'পরিমাণ',
    unitPrice: 'একক দাম',
    amount: 'দাম',
    subtotal: 'উপমোট',
    vat: 'ভ্যাট',
    delivery: 'ডেলিভারি চার্জ',
    total: 'সর্বমোট',
    payment: 'পরিশোধ: ক্যাশ অন ডেলিভারি',
    thanks: 'বাজার থেকে কেনাকাটার জন্য ধন্যবাদ।',
    note: 'নোট',
    statuses: {
      placed: 'অর্ডার করা হয়েছে',
      confirmed: 'নিশ্চিত',
      packed: 'প্যাক করা হয়েছে',
      'out-for-delivery': 'ডেলিভারির পথে',
      delivered: 'পৌঁছে গেছে',
      cancelled: 'বাতিল',
    },
  },
};

/** The store's green and the page's greys (the storefront's brand-600 and stone tones). */
const BRAND = '#16a34a';
const INK = '#292524';
const MUTED = '#78716c';
const RULE = '#e7e5e4';

interface DeliveryAddressLike {
  label?: string;
  district: string;
  area: string;
  road: string;
  flat?: string;
  landmark?: string;
  phone: string;
}
/** The order's address and slot, once orders carry them (issue 54, items 1 and 2). */
type ReceiptOrder = Order & { address?: DeliveryAddressLike; slot?: string };

/** The address as the rider reads it, the district's and area's names in the receipt's language. */
export function addressLines(address: DeliveryAddressLike, language: ShopLanguage): string[] {
  const district = bdDistrict(address.district);
  const area = district?.areas.find((one) => one.en === address.area);
  const place = (named: { en: string; bn: string } | undefined, stored: string) => (language === 'bn' && named ? named.bn : stored);
  return [
    [address.flat && `${language === 'bn' ? 'ফ্ল্যাট' : 'Flat'} ${address.flat}`, address.road].filter(Boolean).join(', '),
    `${place(area, address.area)}, ${place(district, address.district)}`,
    ...(address.landmark ? [address.landmark] : []),
    address.phone,
  ];
}

/** The slot's window in the receipt's language ('Mon 7 Dec, 14:00–16:00'), or the id as stored. */
export function slotText(slot: string, language: ShopLanguage): string {
  const window = slotWindow(slot);
  return window ? shopFormats(language).formatWindow(window.start, window.end) : slot;
}

type Doc = InstanceType<typeof PDFDocument>;
interface Place {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'right';
  size?: number;
  bold?: boolean;
  color?: string;
}

function fontFor(doc: Doc, run: Run, bold: boolean, size: number): void {
  doc.font(run.bengali ? (bold ? 'bnBold' : 'bn') : bold ? 'latinBold' : 'latin').fontSize(size);
}

/** The width of each stretch. Shaping Bangla is the costly part of a receipt (about a millisecond a
 *  stretch), so each stretch is measured once and the measure used to place it too. */
function widthsOf(doc: Doc, runs: Run[], bold: boolean, size: number): number[] {
  return runs.map((run) => {
    fontFor(doc, run, bold, size);
    return doc.widthOfString(run.text);
  });
}
const sum = (widths: number[]) => widths.reduce((total, width) => total + width, 0);

/** Lines of at most `width`, broken between words; a text that fits is measured once. */
function wrap(doc: Doc, text: string, width: number, bold: boolean, size: number): string[] {
  if (sum(widthsOf(doc, runsOf(text), bold, size)) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && sum(widthsOf(doc, runsOf(candidate), bold, size)) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  return line ? [...lines, line] : lines;
}

/** Writes `text` at a place, wrapped to its width, each stretch in the font that has its letters;
 *  answers the y below it. */
function write(doc: Doc, text: string, { x, y, width, align = 'left', size = 10, bold = false, color = INK }: Place): number {
  const lineHeight = size * 1.45;
  let at = y;
  for (const line of wrap(doc, text, width, bold, size)) {
    const runs = runsOf(line);
    const widths = widthsOf(doc, runs, bold, size);
    let cx = align === 'right' ? x + width - sum(widths) : x;
    runs.forEach((run, index) => {
      fontFor(doc, run, bold, size);
      doc.fillColor(color).text(run.text, cx, at, { lineBreak: false });
      cx += widths[index] ?? 0;
    });
    at += lineHeight;
  }
  return at;
}

/** The receipt of `order` in `language`, as PDF bytes. */
export function receiptPdf(order: ReceiptOrder, language: ShopLanguage): Promise<Buffer> {
  const t = TEXTS[language];
  const { formatTaka, formatNumber, formatTime } = shopFormats(language);
  const name = (item: Order['items'][number]) => (language === 'bn' && item.name_bn) || item.name;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${TEXTS.en.receipt} ${order._id}`, Author: 'Bazar', Subject: TEXTS.en.receipt },
    lang: language === 'bn' ? 'bn-BD' : 'en-BD',
  });
  for (const [key, font] of Object.entries(FONTS())) doc.registerFont(key, font);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 48;
  const width = doc.page.width - 96;
  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();

  // Head: the store and the receipt's title, then the order's facts.
  write(doc, 'Bazar', { x: left, y: 44, width, size: 22, bold: true, color: BRAND });
  write(doc, t.receipt, { x: left, y: 50, width, size: 16, bold: true, align: 'right' });
  let y = 86;
  rule(y);
  y += 10;
  const fact = (label: string, value: string) => {
    write(doc, label, { x: left, y, width: 130, color: MUTED });
    y = write(doc, value, { x: left + 130, y, width: width - 130 });
  };
  fact(t.order, order._id);
  fact(t.placed, formatTime(order.placedAt));
  fact(t.status, t.statuses[order.status]);
  if (order.slot) fact(t.slot, slotText(order.slot, language));
  const to = [order.name, ...(order.address ? addressLines(order.address, language) : []), order.phone && !order.address ? order.phone : '']
    .filter(Boolean)
    .join('\n');
  write(doc, t.deliverTo, { x: left, y, width: 130, color: MUTED });
  for (const line of to.split('\n')) y = write(doc, line, { x: left + 130, y, width: width - 130 });
  if (order.addinfo) fact(t.note, order.addinfo);

  // The lines: item, quantity, unit price, amount.
  y += 12;
  const cols = { item: left, qty: left + width - 230, unit: left + width - 170, amount: left + width - 85 };
  const head = { y, size: 9, bold: true, color: MUTED };
  write(doc, t.item, { ...head, x: cols.item, width: cols.qty - cols.item - 8 });
  write(doc, t.quantity, { ...head, x: cols.qty, width: 50, align: 'right' });
  write(doc, t.unitPrice, { ...head, x: cols.unit, width: 80, align: 'right' });
  y = write(doc, t.amount, { ...head, x: cols.amount, width: 85, align: 'right' });
  rule(y + 2);
  y += 8;
  for (const item of order.items) {
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = 48;
    }
    const below = write(doc, name(item), { x: cols.item, y, width: cols.qty - cols.item - 8 });
    write(doc, formatNumber(item.quantity), { x: cols.qty, y, width: 50, align: 'right' });
    write(doc, formatTaka(item.unitPrice), { x: cols.unit, y, width: 80, align: 'right' });
    write(doc, formatTaka(item.lineTotal), { x: cols.amount, y, width: 85, align: 'right' });
    y = below + 2;
  }
  rule(y);
  y += 8;

  // The amounts, as the server computed them when the order was placed, in the order the cart and
  // checkout showed them: Delivery before VAT.
  const amount = (label: string, value: number, strong = false) => {
    const size = strong ? 12 : 10;
    write(doc, label, { x: cols.unit - 60, y, width: 140, align: 'right', size, bold: strong, color: strong ? INK : MUTED });
    y = write(doc, formatTaka(value), { x: cols.amount, y, width: 85, align: 'right', size, bold: strong });
  };
  amount(t.subtotal, order.subtotal);
  amount(t.delivery, order.delivery);
  amount(t.vat, order.vat);
  y += 4;
  amount(t.total, order.total, true);

  y += 18;
  y = write(doc, t.payment, { x: left, y, width });
  write(doc, t.thanks, { x: left, y: y + 4, width, color: MUTED });

  doc.end();
  return done;
}

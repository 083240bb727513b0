import type { Logger } from '@bazar/service-kit';
import { isDuplicateKey } from '@bazar/service-kit/mongo';
import { shopFormats, type OrderPlaced, type ShopLanguage } from '@bazar/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { UserConfig } from './config';
import { SentMail } from './model/sent-mail';

/** The mails an order's steps send its shopper. */
export type OrderMailKind = 'placed' | 'out-for-delivery' | 'delivered';

export interface OrderMail {
  /** the event the mail is about: one mail per event, however often it is heard */
  eventId: string;
  kind: OrderMailKind;
  orderId: string;
  to: string;
  name: string;
  language: ShopLanguage;
  /** the order's lines and amounts (placed only) */
  bill?: OrderPlaced['payload']['bill'];
}

interface MailTexts {
  subject: (ref: string) => string;
  greeting: (name: string) => string;
  lead: string;
  next: string;
  button: string;
  receipt: string;
  subtotal: string;
  vat: string;
  delivery: string;
  total: string;
  order: string;
  footer: string;
}

const FOOTER = {
  en: 'Bazar, groceries to your door. You get this mail because this address was used at Bazar.',
  bn: 'বাজার, বাজার-সদাই আপনার দরজায়। এই ঠিকানাটি বাজারে ব্যবহার করা হয়েছে বলে মেইলটি পেয়েছেন।',
};
const AMOUNTS = {
  en: { subtotal: 'Subtotal', vat: 'VAT', delivery: 'Delivery', total: 'Total', order: 'Order', receipt: 'See the receipt' },
  bn: { subtotal: 'উপমোট', vat: 'ভ্যাট', delivery: 'ডেলিভারি চার্জ', total: 'সর্বমোট', order: 'অর্ডার', receipt: 'রসিদ দেখুন' },
};

const TEXTS: Record<OrderMailKind, Record<ShopLanguage, MailTexts>> = {
  placed: {
    en: {
      subject: (ref) => `Your Bazar order ${ref} is placed`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      lead: 'Thank you! We have your order and are holding its items for you.',
      next: 'Confirm cash on delivery in My Orders, and we pack it.',
      button: 'Open My Orders',
      footer: FOOTER.en,
      ...AMOUNTS.en,
    },
    bn: {
      subject: (ref) => `আপনার বাজার অর্ডার ${ref} গ্রহণ করা হয়েছে`,
      greeting: (name) => (name ? `প্রিয় ${name},` : 'প্রিয় গ্রাহক,'),
      lead: 'ধন্যবাদ! আপনার অর্ডার আমরা পেয়েছি, পণ্যগুলো আপনার জন্য রাখা আছে।',
      next: 'আমার অর্ডার পাতায় ক্যাশ অন ডেলিভারি নিশ্চিত করুন, তারপর আমরা প্যাক করব।',
      button: 'আমার অর্ডার খুলুন',
      footer: FOOTER.bn,
      ...AMOUNTS.bn,
    },
  },
  'out-for-delivery': {
    en: {
      subject: (ref) => `Your Bazar order ${ref} is out for delivery`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      lead: 'Your order has left our store and is on its way to you.',
      next: 'Please keep your phone at hand for the rider, and the amount ready: you pay on delivery.',
      button: 'Follow it in My Orders',
      footer: FOOTER.en,
      ...AMOUNTS.en,
    },
    bn: {
      subject: (ref) => `আপনার বাজার অর্ডার ${ref} ডেলিভারির পথে`,
      greeting: (name) => (name ? `প্রিয় ${name},` : 'প্রিয় গ্রাহক,'),
      lead: 'আপনার অর্ডার আমাদের দোকান থেকে রওনা হয়েছে, আপনার কাছে আসছে।',
      next: 'রাইডারের জন্য ফোন কাছে রাখুন এবং টাকা তৈরি রাখুন: ডেলিভারির সময় পরিশোধ করবেন।',
      button: 'আমার অর্ডারে দেখুন',
      footer: FOOTER.bn,
      ...AMOUNTS.bn,
    },
  },
  delivered: {
    en: {
      subject: (ref) => `Your Bazar order ${ref} is delivered`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      lead: 'Your order has been delivered. Thank you for shopping at Bazar!',
      next: 'Keep the receipt, and buy the same basket again from My Orders in one click.',
      button: 'Open My Orders',
      footer: FOOTER.en,
      ...AMOUNTS.en,
    },
    bn: {
      subject: (ref) => `আপনার বাজার অর্ডার ${ref} পৌঁছে গেছে`,
      greeting: (name) => (name ? `প্রিয় ${name},` : 'প্রিয় গ্রাহক,'),
      lead: 'আপনার অর্ডার পৌঁছে গেছে। বাজার থেকে কেনাকাটার জন্য ধন্যবাদ!',
      next: 'রসিদটি রেখে দিন, আর আমার অর্ডার থেকে এক ক্লিকে একই বাজার আবার কিনুন।',
      button: 'আমার অর্ডার খুলুন',
      footer: FOOTER.bn,
      ...AMOUNTS.bn,
    },
  },
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** The order as the mail names it: the last six characters of its id, as a shopper reads it out. */
export const orderRef = (orderId: string) => `#${orderId.slice(-6).toUpperCase()}`;

/** The mail's subject, text and HTML: the store's look of Keycloak's mails (infra/keycloak/themes/
 *  bazar/email), its colours inline, since mail clients drop <style> and classes. */
export function composeOrderMail(mail: OrderMail, storeUrl: string): { subject: string; text: string; html: string } {
  const t = TEXTS[mail.kind][mail.language];
  const { formatTaka, formatNumber } = shopFormats(mail.language);
  const myOrders = `${storeUrl}/dashboard/my-orders`;
  const receipt = `${storeUrl}/receipt/${mail.orderId}`;
  const ref = orderRef(mail.orderId);
  const bill = mail.bill;
  const lineName = (line: NonNullable<typeof bill>['lines'][number]) => (mail.language === 'bn' && line.name_bn) || line.name;
  const amounts = bill
    ? [
        [t.subtotal, bill.subtotal],
        [t.vat, bill.vat],
        [t.delivery, bill.delivery],
      ]
    : [];

  const text = [
    t.greeting(mail.name),
    '',
    t.lead,
    `${t.order} ${ref} (${mail.orderId})`,
    ...(bill
      ? [
          '',
          ...bill.lines.map((line) => `${lineName(line)} × ${formatNumber(line.quantity)}  ${formatTaka(line.lineTotal)}`),
          '',
          ...amounts.map(([label, amount]) => `${String(label)}: ${formatTaka(Number(amount))}`),
          `${t.total}: ${formatTaka(bill.total)}`,
        ]
      : []),
    '',
    t.next,
    '',
    `${t.button}: ${myOrders}`,
    `${t.receipt}: ${receipt}`,
    '',
    '--',
    t.footer,
  ].join('\n');

  const cell = 'padding:4px 0;font-size:14px;';
  const billHtml = bill
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:14px 0;border-top:1px solid #e5e7eb;">
${bill.lines
  .map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(lineName(line))} × ${formatNumber(line.quantity)}</td><td align="right" style="${cell}white-space:nowrap;">${formatTaka(line.lineTotal)}</td></tr>`,
  )
  .join('\n')}
${amounts
  .map(
    ([label, amount]) =>
      `<tr><td style="${cell}color:#6b7280;">${String(label)}</td><td align="right" style="${cell}color:#6b7280;white-space:nowrap;">${formatTaka(Number(amount))}</td></tr>`,
  )
  .join('\n')}
<tr><td style="${cell}font-weight:bold;border-top:1px solid #e5e7eb;">${t.total}</td><td align="right" style="${cell}font-weight:bold;border-top:1px solid #e5e7eb;white-space:nowrap;">${formatTaka(bill.total)}</td></tr>
</table>`
    : '';

  const html = `<!doctype html>
<html lang="${mail.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject(ref))}</title></head>
<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,Helvetica,'Noto Sans Bengali',sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-top:5px solid #15803d;border-radius:10px;">
    <tr><td style="padding:20px 28px 0;font-size:24px;font-weight:bold;color:#166534;">Bazar</td></tr>
    <tr>
      <td style="padding:8px 28px 24px;font-size:15px;line-height:1.5;">
        <p>${escapeHtml(t.greeting(mail.name))}</p>
        <p>${t.lead}</p>
        <p style="color:#6b7280;font-size:13px;">${t.order} <strong style="color:#1f2937;">${ref}</strong> · ${mail.orderId}</p>
        ${billHtml}
        <p>${t.next}</p>
        <p><a href="${myOrders}" style="display:inline-block;padding:10px 18px;background:#15803d;color:#ffffff;text-decoration:none;border-radius:10px;font-weight:bold;">${t.button}</a></p>
        <p><a href="${receipt}" style="color:#15803d;">${t.receipt}</a></p>
      </td>
    </tr>
    <tr><td style="padding:14px 28px;border-top:1px solid #d1d5db;font-size:12px;color:#6b7280;">${t.footer}</td></tr>
  </table>
</body>
</html>`;

  return { subject: t.subject(ref), text, html };
}

/** A mail's record as it is stored (model/sent-mail.ts). */
interface SentMailRecord {
  _id: string;
  to: string;
  orderId: string;
  kind: OrderMailKind;
  state: 'sending' | 'sent';
  sentAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** How long a sent mail's record waits to be marked `sent` with the others sent meanwhile. */
const SENT_MARKS_EVERY_MS = 250;

/**
 * Sends each order mail once. The mail's record (SentMail, by event id and kind) is written before
 * the mail goes, in one insert that a second one for the same event cannot pass: an event heard
 * twice, from two replicas or again after a restart between sending and committing its offset,
 * finds it and sends nothing. A mail the SMTP server refused or never took gives its record up and
 * fails the event, which the consumer applies again. A process that dies after writing the record
 * and before the server answered leaves the record `sending` and that one mail unsent: a shopper
 * gets a mail once at most, never twice. The Message-ID is the event's, so a server or client
 * that sees one again can tell it too.
 *
 * A record becomes `sent` within SENT_MARKS_EVERY_MS of its mail going, together with the others
 * sent meanwhile, in one command: a mark of its own was one database command an order. Only the
 * record's existence stops a repeat, so a mark not yet written (or lost with a process that died)
 * leaves a record `sending` for a mail that did go, and changes nothing else.
 */
export class OrderMails {
  private readonly transport: Transporter;
  /** records whose mail went, by id, with when, not marked `sent` yet */
  private readonly unmarked = new Map<string, Date>();
  private marking: NodeJS.Timeout | undefined;
  /** the marks being written, which `close` waits for */
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: Pick<UserConfig, 'SMTP_HOST' | 'SMTP_PORT' | 'MAIL_FROM' | 'STORE_URL'>,
    private readonly log: Logger,
  ) {
    // The local sink speaks plain SMTP on loopback; a provider's relay sets its own host and port.
    // Pooled: every order sends a mail, and a connection of its own (connect, greeting, EHLO, QUIT)
    // cost both ends more than the mail; a connection the server closed is replaced, and a mail it
    // broke fails its event, which is applied again.
    this.transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 2,
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: false,
      ignoreTLS: config.SMTP_HOST === '127.0.0.1' || config.SMTP_HOST === 'localhost',
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async sendOnce(mail: OrderMail): Promise<'sent' | 'already'> {
    const _id = `${mail.eventId}/${mail.kind}`;
    try {
      // written as it is, with the model's timestamps: a mongoose document of these plain strings
      // cost three times the insert's own CPU
      const at = new Date();
      await SentMail.db.collection<SentMailRecord>(SentMail.collection.collectionName).insertOne({
        _id,
        to: mail.to,
        orderId: mail.orderId,
        kind: mail.kind,
        state: 'sending',
        createdAt: at,
        updatedAt: at,
      });
    } catch (err) {
      if (isDuplicateKey(err)) return 'already';
      throw err;
    }
    const { subject, text, html } = composeOrderMail(mail, this.config.STORE_URL);
    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: mail.to,
        subject,
        text,
        html,
        messageId: `<${mail.eventId}.${mail.kind}@bazar>`,
        headers: { 'Content-Language': mail.language },
      });
    } catch (err) {
      await SentMail.deleteOne({ _id, state: 'sending' });
      throw err;
    }
    this.unmarked.set(_id, new Date());
    this.marking ??= setTimeout(() => void this.markSent(), SENT_MARKS_EVERY_MS).unref();
    // the mail's record says it went; a traced event's line says so too (`event applied`)
    this.log.debug({ orderId: mail.orderId, kind: mail.kind, eventId: mail.eventId }, 'order mail sent');
    return 'sent';
  }

  /** Marks the records whose mail went `sent`, in one command however many there are. */
  private markSent(): Promise<void> {
    clearTimeout(this.marking);
    this.marking = undefined;
    if (this.unmarked.size === 0) return this.inFlight;
    const marks = [...this.unmarked].map(([_id, sentAt]) => ({
      updateOne: { filter: { _id, state: 'sending' as const }, update: { $set: { state: 'sent' as const, sentAt } } },
    }));
    this.unmarked.clear();
    this.inFlight = this.inFlight
      .then(() => SentMail.bulkWrite(marks, { ordered: false }))
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, mails: marks.length }, 'marking order mails sent failed; their records stay `sending`'),
      );
    return this.inFlight;
  }

  /** Closes the SMTP connections, and writes the marks still waiting. */
  async close(): Promise<void> {
    this.transport.close();
    await this.markSent();
  }
}

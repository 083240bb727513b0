// Amounts, times and delivery windows as the store writes them in each of its languages, for what
// the services write themselves (a receipt's PDF, a mail): the storefront's pages format the same
// way (web-kit useFormats). Plain Intl, no zod.

export type ShopLanguageCode = 'en' | 'bn';

const LOCALES: Record<ShopLanguageCode, string> = { en: 'en-BD', bn: 'bn-BD' };
const DHAKA = 'Asia/Dhaka';

/** The formatters of one of the store's languages: '৳1,250.50' and '১,২৫০.৫০৳', times in Bangladesh
 *  time on the 24-hour clock ('12 Jan 2026, 14:05'). Made once a language and kept: building an
 *  Intl formatter costs far more than formatting with it, and every order's mail asks for them. */
export function shopFormats(language: ShopLanguageCode): ShopFormats {
  let formats = made.get(language);
  if (!formats) made.set(language, (formats = makeFormats(language)));
  return formats;
}

export type ShopFormats = ReturnType<typeof makeFormats>;
const made = new Map<ShopLanguageCode, ShopFormats>();

function makeFormats(language: ShopLanguageCode) {
  const locale = LOCALES[language];
  const dateLocale = language === 'bn' ? locale : 'en-GB';
  const taka = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BDT', currencyDisplay: 'narrowSymbol' });
  const number = new Intl.NumberFormat(locale);
  const time = new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: DHAKA, hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat(dateLocale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: DHAKA });
  const hour = new Intl.DateTimeFormat(dateLocale, { hour: '2-digit', minute: '2-digit', timeZone: DHAKA, hourCycle: 'h23' });
  return {
    formatTaka: (amount: number) => taka.format(amount),
    formatNumber: (value: number) => number.format(value),
    /** a moment (ISO time or Date) in Bangladesh time */
    formatTime: (at: string | Date) => time.format(new Date(at)),
    /** a delivery window: 'Mon 7 Dec, 14:00–16:00' */
    formatWindow: (start: Date, end: Date) => `${day.format(start)}, ${hour.format(start)}–${hour.format(end)}`,
  };
}

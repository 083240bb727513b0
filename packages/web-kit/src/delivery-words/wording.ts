// The wording of delivery slots and addresses, apart from React and the page's i18next instance so
// that it can be tried with the message files alone (wording.test.ts).
import { BD_DISTRICTS, dhakaDay, slotWindow, type DeliveryAddress } from '@bazar/contracts';

/** The page's language (i18n's Language, not imported: this file is tried without a browser). */
type Language = 'en' | 'bn';

/** A message of the `deliveryWords` namespace in one language. */
export type DeliveryMessage = (key: string, values?: Record<string, string>) => string;

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (n: number) => String(n).replace(/\d/g, (d) => BN_DIGITS[Number(d)]!);
/** The part of the day a Bangla speaker names before the hour: সকাল ৮টা, দুপুর ২টা, রাত ৮টা. */
const bnPeriod = (hour: number) => (hour < 12 ? 'morning' : hour < 15 ? 'noon' : hour < 18 ? 'afternoon' : hour < 20 ? 'evening' : 'night');
const twelve = (hour: number) => (hour % 12 === 0 ? 12 : hour % 12);

/** Made when first asked for: a formatter in Bangladesh time loads the time zone's data. */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function formatsOf(language: Language) {
  const locale = language === 'bn' ? 'bn-BD' : 'en-BD';
  return {
    hours: lazily(() => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Dhaka' })),
    date: lazily(() => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Dhaka' })),
  };
}

const formats: Record<Language, ReturnType<typeof formatsOf>> = { en: formatsOf('en'), bn: formatsOf('bn') };

/** Delivery slots and addresses worded in `language` with its messages `t`. */
export function deliveryWording(language: Language, t: DeliveryMessage) {
  const { hours, date } = formats[language];

  /** 2:00 – 4:00 PM; দুপুর ২টা–৪টা */
  const slotHours = (slot: string): string => {
    const window = slotWindow(slot);
    if (!window) return slot;
    if (language !== 'bn') return hours().formatRange(window.start, window.end);
    return t('bnHours', {
      period: t(`period.${bnPeriod(window.startHour)}`),
      from: bnDigits(twelve(window.startHour)),
      to: bnDigits(twelve(window.startHour + 2)),
    });
  };

  /** Today, Tomorrow, or the date (Wed, 9 Dec) */
  const slotDay = (slot: string, now = new Date()): string => {
    const window = slotWindow(slot);
    if (!window) return '';
    if (window.day === dhakaDay(now)) return t('today');
    if (window.day === dhakaDay(now, 1)) return t('tomorrow');
    return date().format(window.start);
  };

  /** Tomorrow, 2:00 – 4:00 PM */
  const slotText = (slot: string, now = new Date()): string => t('slotOn', { day: slotDay(slot, now), hours: slotHours(slot) });

  /** The area and district by their names in the language (the store keeps both; an address keeps the English). */
  const placeNames = (address: DeliveryAddress): { area: string; district: string } => {
    const district = BD_DISTRICTS.find((one) => one.en === address.district);
    const area = district?.areas.find((one) => one.en === address.area);
    if (language !== 'bn') return { area: address.area, district: address.district };
    return { area: area?.bn ?? address.area, district: district?.bn ?? address.district };
  };

  /** The address as the rider reads it, a line each: road and house, flat, area and district. */
  const addressLines = (address: DeliveryAddress): string[] => {
    const { area, district } = placeNames(address);
    return [address.road, ...(address.flat ? [t('flat', { flat: address.flat })] : []), `${area}, ${district}`];
  };

  /** The address on one line: House 12, Road 5, Flat 4B, Dhanmondi, Dhaka */
  const addressText = (address: DeliveryAddress): string => addressLines(address).join(', ');

  return { slotHours, slotDay, slotText, addressLines, addressText };
}

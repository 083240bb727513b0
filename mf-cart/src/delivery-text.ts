import { BD_DISTRICTS, dhakaDay, slotWindow, type DeliveryAddress } from '@bazar/contracts';
import { useLanguage } from '@bazar/web-kit/i18n';
import { useCartText } from './i18n';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (n: number) => String(n).replace(/\d/g, (d) => BN_DIGITS[Number(d)]!);
/** The part of the day a Bangla speaker names before the hour: সকাল ৮টা, দুপুর ২টা, রাত ৮টা. */
const bnPeriod = (hour: number) => (hour < 12 ? 'morning' : hour < 15 ? 'noon' : hour < 18 ? 'afternoon' : hour < 20 ? 'evening' : 'night');
const twelve = (hour: number) => (hour % 12 === 0 ? 12 : hour % 12);

/** Words for delivery slots and addresses in the active language. */
export function useDeliveryText() {
  const t = useCartText();
  const language = useLanguage();
  const locale = language === 'bn' ? 'bn-BD' : 'en-BD';
  const hours = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Dhaka' });
  const date = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Dhaka' });

  /** 2:00 – 4:00 PM; দুপুর ২টা – ৪টা */
  const slotHours = (slot: string): string => {
    const window = slotWindow(slot);
    if (!window) return slot;
    if (language === 'bn') {
      const end = window.startHour + 2;
      return t('delivery.bnHours', {
        period: t(`delivery.period.${bnPeriod(window.startHour)}`),
        from: bnDigits(twelve(window.startHour)),
        to: bnDigits(twelve(end)),
      });
    }
    return hours.formatRange(window.start, window.end);
  };

  /** Today, Tomorrow, or the date (Tue 8 Dec) */
  const slotDay = (slot: string, now = new Date()): string => {
    const window = slotWindow(slot);
    if (!window) return '';
    if (window.day === dhakaDay(now)) return t('delivery.today');
    if (window.day === dhakaDay(now, 1)) return t('delivery.tomorrow');
    return date.format(window.start);
  };

  /** Tomorrow, 2:00 – 4:00 PM */
  const slotText = (slot: string): string => t('delivery.slotOn', { day: slotDay(slot), hours: slotHours(slot) });

  const placeName = (district: string, area?: string): { district: string; area?: string } => {
    const known = BD_DISTRICTS.find((one) => one.en === district);
    const knownArea = known?.areas.find((one) => one.en === area);
    if (language !== 'bn') return { district, area };
    return { district: known?.bn ?? district, area: knownArea?.bn ?? area };
  };

  /** The address on one line as the rider reads it: House 12, Road 5, Flat 4B, Dhanmondi, Dhaka */
  const addressText = (address: DeliveryAddress): string => {
    const names = placeName(address.district, address.area);
    return [address.road, address.flat && t('delivery.flatShort', { flat: address.flat }), names.area, names.district]
      .filter(Boolean)
      .join(', ');
  };

  return { slotHours, slotDay, slotText, placeName, addressText };
}

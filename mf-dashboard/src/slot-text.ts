import { BD_DISTRICTS, dhakaDay, slotWindow, type DeliveryAddress } from '@bazar/contracts';
import { useLanguage } from '@bazar/web-kit/i18n';
import { useDashboardText } from './i18n';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (n: number) => String(n).replace(/\d/g, (d) => BN_DIGITS[Number(d)]!);
const bnPeriod = (hour: number) => (hour < 12 ? 'morning' : hour < 15 ? 'noon' : hour < 18 ? 'afternoon' : hour < 20 ? 'evening' : 'night');
const twelve = (hour: number) => (hour % 12 === 0 ? 12 : hour % 12);

/** Delivery slots and addresses in the admin's language (the storefront words them alike). */
export function useSlotText() {
  const t = useDashboardText();
  const language = useLanguage();
  const locale = language === 'bn' ? 'bn-BD' : 'en-BD';
  const hours = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Dhaka' });
  const date = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Dhaka' });

  const slotHours = (slot: string): string => {
    const window = slotWindow(slot);
    if (!window) return slot;
    if (language !== 'bn') return hours.formatRange(window.start, window.end);
    return t('slots.bnHours', {
      period: t(`slots.period.${bnPeriod(window.startHour)}`),
      from: bnDigits(twelve(window.startHour)),
      to: bnDigits(twelve(window.startHour + 2)),
    });
  };

  const slotDay = (slot: string, now = new Date()): string => {
    const window = slotWindow(slot);
    if (!window) return '';
    if (window.day === dhakaDay(now)) return t('slots.today');
    if (window.day === dhakaDay(now, 1)) return t('slots.tomorrow');
    return date.format(window.start);
  };

  const slotText = (slot: string): string => t('slots.slotOn', { day: slotDay(slot), hours: slotHours(slot) });

  /** The address as the rider reads it, a line each: road and house, flat, area and district. */
  const addressLines = (address: DeliveryAddress): string[] => {
    const district = BD_DISTRICTS.find((one) => one.en === address.district);
    const area = district?.areas.find((one) => one.en === address.area);
    const names = language === 'bn' ? [area?.bn ?? address.area, district?.bn ?? address.district] : [address.area, address.district];
    return [address.road, ...(address.flat ? [t('slots.flat', { flat: address.flat })] : []), names.join(', ')];
  };

  return { slotHours, slotDay, slotText, addressLines };
}

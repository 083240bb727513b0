import i18next from 'i18next';
import { messageShapes } from '@bazar/testing/messages';
import type { DeliveryAddress } from '@bazar/contracts';
import { deliveryWording } from './wording';
import en from './en.json';
import bn from './bn.json';

// 12:00 on 7 December 2026 in Dhaka (UTC+6)
const NOW = new Date('2026-12-07T06:00:00Z');

async function wordingIn(language: 'en' | 'bn') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { deliveryWords: language === 'bn' ? bn : en } },
    interpolation: { escapeValue: false },
  });
  const t = i18n.getFixedT(language, 'deliveryWords');
  return deliveryWording(language, (key, values) => t(key, values ?? {}));
}

/** Intl's spaces (thin, narrow no-break) as plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const ADDRESS: DeliveryAddress = {
  district: 'Dhaka',
  area: 'Dhanmondi',
  road: 'House 12, Road 5',
  flat: '4B',
  phone: '01712345678',
};

test('every English delivery word has its Bangla one, with the same placeholders', () => {
  expect(messageShapes(bn)).toEqual(messageShapes(en));
});

test('a slot in English: the hours on the 12-hour clock, and its day', async () => {
  const words = await wordingIn('en');
  expect(plain(words.slotHours('2026-12-08T14'))).toBe('2:00 – 4:00 PM');
  expect(plain(words.slotHours('2026-12-07T10'))).toBe('10:00 AM – 12:00 PM');
  expect(words.slotDay('2026-12-07T14', NOW)).toBe('Today');
  expect(words.slotDay('2026-12-08T14', NOW)).toBe('Tomorrow');
  // a later day by its date, day and month in the order of the locale's data
  expect(words.slotDay('2026-12-09T14', NOW)).toMatch(/^Wed, (9 Dec|Dec 9)$/);
  expect(plain(words.slotText('2026-12-08T14', NOW))).toBe('Tomorrow, 2:00 – 4:00 PM');
});

test('a slot in Bangla: the part of the day before the hour, in Bangla digits', async () => {
  const words = await wordingIn('bn');
  expect(words.slotHours('2026-12-07T08')).toBe('সকাল ৮টা–১০টা');
  expect(words.slotHours('2026-12-07T10')).toBe('সকাল ১০টা–১২টা');
  expect(words.slotHours('2026-12-07T12')).toBe('দুপুর ১২টা–২টা');
  expect(words.slotHours('2026-12-07T14')).toBe('দুপুর ২টা–৪টা');
  expect(words.slotHours('2026-12-07T16')).toBe('বিকাল ৪টা–৬টা');
  expect(words.slotHours('2026-12-07T18')).toBe('সন্ধ্যা ৬টা–৮টা');
  expect(words.slotHours('2026-12-07T20')).toBe('রাত ৮টা–১০টা');
  expect(words.slotText('2026-12-07T20', NOW)).toBe('আজ, রাত ৮টা–১০টা');
  expect(words.slotText('2026-12-08T14', NOW)).toBe('আগামীকাল, দুপুর ২টা–৪টা');
});

test('what is no slot is shown as it is, with no day', async () => {
  const words = await wordingIn('en');
  expect(words.slotHours('2026-12-07T09')).toBe('2026-12-07T09');
  expect(words.slotDay('soon', NOW)).toBe('');
});

test('an address, as lines and on one line, with the district and area in the language', async () => {
  const english = await wordingIn('en');
  expect(english.addressLines(ADDRESS)).toEqual(['House 12, Road 5', 'Flat 4B', 'Dhanmondi, Dhaka']);
  expect(english.addressText(ADDRESS)).toBe('House 12, Road 5, Flat 4B, Dhanmondi, Dhaka');
  expect(english.addressText({ ...ADDRESS, flat: undefined })).toBe('House 12, Road 5, Dhanmondi, Dhaka');

  const bangla = await wordingIn('bn');
  expect(bangla.addressLines(ADDRESS)).toEqual(['House 12, Road 5', 'ফ্ল্যাট 4B', 'ধানমন্ডি, ঢাকা']);
  expect(bangla.addressText({ ...ADDRESS, flat: '' })).toBe('House 12, Road 5, ধানমন্ডি, ঢাকা');
  // a place the store's list does not know keeps the name the address has
  expect(bangla.addressText({ ...ADDRESS, area: 'Somewhere' })).toBe('House 12, Road 5, ফ্ল্যাট 4B, Somewhere, ঢাকা');
});

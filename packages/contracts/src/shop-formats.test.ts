import { shopFormats } from './shop-formats';

it('formats amounts and times in each language, whichever was asked for first', () => {
  const en = shopFormats('en');
  const bn = shopFormats('bn');
  expect(en.formatTaka(1250.5)).toBe('৳1,250.50');
  expect(bn.formatTaka(1250.5)).toBe('১,২৫০.৫০৳');
  expect(bn.formatNumber(12)).toBe('১২');
  expect(en.formatTime('2026-01-12T08:05:00Z')).toBe('12 Jan 2026, 14:05');
  // the same formatters again, not made anew (every order's mail asks for them)
  expect(shopFormats('en')).toBe(en);
  expect(shopFormats('bn')).toBe(bn);
});

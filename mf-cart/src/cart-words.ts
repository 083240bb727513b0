// The cart's refusals and failures as the shopper reads them, for Add to cart, the stepper and the
// checkout's stock refusal.
import { refusalCode, refusalText } from '@bazar/web-kit/refusals';
import { currentLanguage, translate } from '@bazar/web-kit/i18n';

export const somethingWentWrong = (error: unknown, words = refusalText(error)) => ({
  tone: 'error' as const,
  title: translate('common:oops'),
  text: words ?? translate('common:somethingWentWrong'),
});

/** The words for a product the shelf holds only `available` of (none: out of stock), in the page's
 *  language, the number written as `formatNumber` writes it. */
export function shelfHoldsOnly(name: string, available: number, formatNumber: (value: number) => string): string {
  return available > 0
    ? translate('common:onlyLeftOf', { left: formatNumber(available), name })
    : translate('common:outOfStockNamed', { name });
}

/** A refusal of the cart's as the shopper reads it: on a Bangla page, a stock refusal
 *  (CartStockRefusal: how many the shelf holds) in Bangla, by the product's name as the page shows
 *  it; any other by its code (refusalText), in the server's words on an English page. */
export function cartRefusalWords(error: unknown, name: string, formatNumber: (value: number) => string): string | undefined {
  const available = (error as { data?: { available?: unknown } } | undefined)?.data?.available;
  if (currentLanguage() === 'bn' && refusalCode(error) === 'not-enough-stock' && typeof available === 'number')
    return shelfHoldsOnly(name, available, formatNumber);
  return refusalText(error);
}

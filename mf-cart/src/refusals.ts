// A refusal of Place Order, confirm or cancel as the shopper reads it. The services word their
// refusals in English (`error`) and name each by its code (`code`); on a Bangla page a refusal is
// worded by its code (web-kit's refusalText), and these in the cart's own words: a stock refusal by
// its items (each product by the Bangla name its cart line holds, with Bangla digits), an order that
// can no longer move as asked (naming where it stands). An English page keeps the server's words.
import { type CartLine, type OrderStatus, type OutOfStockAnswer } from '@bazar/contracts';
import { refusalText } from '@bazar/web-kit/refusals';
import { shelfHoldsOnly } from './cart-words';
import { translate, useFormats, useLanguage } from '@bazar/web-kit/i18n';
import { useOrderMoveRefusal } from '@bazar/web-kit/orders';
import { useCartText } from './i18n';

interface Shopping {
  /** the cart the refused request was made from, for the products' Bangla names */
  lines?: CartLine[];
}

/** The answer's fields the refusals carry besides `error`, looked at by hand: the contracts' zod
 *  schemas would bring zod into the page's code, 28 KB gzip. A refused move (its `status`) is
 *  web-kit's to word, for the admin's page words it too. */
type Refusal = { status?: unknown; data?: { items?: unknown } };

/** The items a stock refusal names (`OutOfStockAnswer`). */
function itemsShort(items: unknown): OutOfStockAnswer['items'] | undefined {
  const isItem = (item: unknown) => {
    const { productId, name, available } = (item ?? {}) as Partial<Record<keyof OutOfStockAnswer['items'][number], unknown>>;
    return typeof productId === 'string' && typeof name === 'string' && typeof available === 'number';
  };
  return Array.isArray(items) && items.every(isItem) ? (items as OutOfStockAnswer['items']) : undefined;
}

/** `refusalText(error, move)`: `move` is the status a confirm or cancel asked the order to take. */
export function useRefusalText({ lines = [] }: Shopping = {}): (error: unknown, move?: OrderStatus) => string {
  const t = useCartText();
  const language = useLanguage();
  const { formatNumber } = useFormats();
  const orderMoveRefusal = useOrderMoveRefusal();

  const inCartWords = (error: unknown, move: OrderStatus | undefined): string | undefined => {
    const short = itemsShort((error as Refusal | undefined)?.data?.items);
    if (short) {
      return short
        .map(({ productId, name, available }) =>
          shelfHoldsOnly(lines.find((line) => line.productId === productId)?.cartName_bn ?? name, available, formatNumber),
        )
        .join(', ');
    }
    return move && orderMoveRefusal(error, move);
  };

  return (error, move) => {
    if (language === 'bn') {
      const words = inCartWords(error, move) ?? refusalText(error);
      if (words) return words;
      // a service away behind a proxy that answered without a code
      if ((error as Refusal | undefined)?.status === 503) return t('serviceAway');
    }
    return refusalText(error) ?? translate('common:somethingWentWrong');
  };
}

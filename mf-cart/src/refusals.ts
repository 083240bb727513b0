// A refusal of Place Order, confirm or cancel as the shopper reads it. The services word their
// refusals in English (`error`); on a Bangla page, those the store knows by their contract are worded
// here: a stock refusal by its items (each product by the Bangla name its cart line holds, with
// Bangla digits), a cart already ordered or changed meanwhile, an email address not verified yet, a
// service away (503). Any other keeps the server's words, as every refusal does on an English page.
import {
  CART_ALREADY_ORDERED,
  CART_CHANGED_DURING_ORDER,
  OutOfStockAnswer,
  verifyEmailBeforeOrdering,
  type CartLine,
} from '@bazar/contracts';
import { serverMessage } from '@bazar/web-kit';
import { translate, useFormats, useLanguage } from '@bazar/web-kit/i18n';
import { useCartText } from './i18n';

interface Shopping {
  /** the cart the refused request was made from, for the products' Bangla names */
  lines?: CartLine[];
  /** the shopper's address, which the refusal of an unverified one names */
  email?: string;
}

/** The items a stock refusal names (`OutOfStockAnswer`), looked at by hand: the contracts' zod
 *  schema would bring zod into the page's code, 28 KB gzip. */
function itemsShort(data: unknown): OutOfStockAnswer['items'] | undefined {
  const items = (data as { items?: unknown } | undefined)?.items;
  const isItem = (item: unknown) => {
    const { productId, name, available } = (item ?? {}) as Partial<Record<keyof OutOfStockAnswer['items'][number], unknown>>;
    return typeof productId === 'string' && typeof name === 'string' && typeof available === 'number';
  };
  return Array.isArray(items) && items.every(isItem) ? (items as OutOfStockAnswer['items']) : undefined;
}

export function useRefusalText({ lines = [], email }: Shopping = {}): (error: unknown) => string {
  const t = useCartText();
  const language = useLanguage();
  const { formatNumber } = useFormats();

  const inBangla = (error: unknown, words: string | undefined): string | undefined => {
    const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
    const short = itemsShort(data);
    if (short) {
      return short
        .map(({ productId, name: catalogName, available }) => {
          const name = lines.find((line) => line.productId === productId)?.cartName_bn ?? catalogName;
          return available > 0 ? t('onlyLeftOf', { left: formatNumber(available), name }) : t('outOfStockNamed', { name });
        })
        .join(', ');
    }
    if (words === CART_ALREADY_ORDERED) return t('cartAlreadyOrdered');
    if (words === CART_CHANGED_DURING_ORDER) return t('cartChangedDuringOrder');
    if (email && words === verifyEmailBeforeOrdering(email)) return t('verifyEmailFirst', { email });
    if (status === 503) return t('serviceAway');
    return undefined;
  };

  return (error) => {
    const words = serverMessage(error);
    return (language === 'bn' ? inBangla(error, words) : undefined) ?? words ?? translate('common:somethingWentWrong');
  };
}

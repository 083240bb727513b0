// A refusal of Place Order, confirm or cancel as the shopper reads it. The services word their
// refusals in English (`error`); on a Bangla page, those the store knows by their contract are worded
// here: a stock refusal by its items (each product by the Bangla name its cart line holds, with
// Bangla digits), a cart already ordered, changed meanwhile or still being ordered by an earlier
// press of Place Order, a delivery slot full or started, an email address not verified yet, too
// many orders awaiting confirmation, an order that can no longer move as asked, a service away (503).
// Any other keeps the server's words, as every refusal does on an English page.
import {
  CART_ALREADY_ORDERED,
  CART_CHANGED_DURING_ORDER,
  holdLimitReached,
  ORDER_STILL_PLACING,
  SLOT_FULL,
  SLOT_NOT_OFFERED,
  SLOT_PAST,
  verifyEmailBeforeOrdering,
  type CartLine,
  type OrderStatus,
  type OutOfStockAnswer,
} from '@bazar/contracts';
import { serverMessage } from '@bazar/web-kit';
import { shelfHoldsOnly } from '@bazar/web-kit/cart';
import { translate, useFormats, useLanguage } from '@bazar/web-kit/i18n';
import { useOrderMoveRefusal } from '@bazar/web-kit/orders';
import { useCartText } from './i18n';

interface Shopping {
  /** the cart the refused request was made from, for the products' Bangla names */
  lines?: CartLine[];
  /** the shopper's address, which the refusal of an unverified one names */
  email?: string;
}

/** The answer's fields the refusals carry besides `error`, looked at by hand: the contracts' zod
 *  schemas would bring zod into the page's code, 28 KB gzip. A refused move (its `status`) is
 *  web-kit's to word, for the admin's page words it too. */
type Refusal = { status?: unknown; data?: { items?: unknown; limit?: unknown } };

/** The items a stock refusal names (`OutOfStockAnswer`). */
function itemsShort(items: unknown): OutOfStockAnswer['items'] | undefined {
  const isItem = (item: unknown) => {
    const { productId, name, available } = (item ?? {}) as Partial<Record<keyof OutOfStockAnswer['items'][number], unknown>>;
    return typeof productId === 'string' && typeof name === 'string' && typeof available === 'number';
  };
  return Array.isArray(items) && items.every(isItem) ? (items as OutOfStockAnswer['items']) : undefined;
}

/** `refusalText(error, move)`: `move` is the status a confirm or cancel asked the order to take. */
export function useRefusalText({ lines = [], email }: Shopping = {}): (error: unknown, move?: OrderStatus) => string {
  const t = useCartText();
  const language = useLanguage();
  const { formatNumber } = useFormats();
  const orderMoveRefusal = useOrderMoveRefusal();

  const inBangla = (error: unknown, words: string | undefined, move: OrderStatus | undefined): string | undefined => {
    const { status, data } = (error ?? {}) as Refusal;
    const short = itemsShort(data?.items);
    if (short) {
      return short
        .map(({ productId, name, available }) =>
          shelfHoldsOnly(lines.find((line) => line.productId === productId)?.cartName_bn ?? name, available, formatNumber),
        )
        .join(', ');
    }
    if (words === CART_ALREADY_ORDERED) return t('cartAlreadyOrdered');
    if (words === CART_CHANGED_DURING_ORDER) return t('cartChangedDuringOrder');
    if (words === ORDER_STILL_PLACING) return t('orderStillPlacing');
    if (words === SLOT_FULL) return t('delivery.slotFull');
    if (words === SLOT_PAST) return t('delivery.slotPast');
    if (words === SLOT_NOT_OFFERED) return t('delivery.slotNotOffered');
    if (email && words === verifyEmailBeforeOrdering(email)) return t('verifyEmailFirst', { email });
    const limit = data?.limit;
    if (typeof limit === 'number' && words === holdLimitReached(limit)) return t('holdLimitReached', { limit: formatNumber(limit) });
    const moveRefused = move && orderMoveRefusal(error, move);
    if (moveRefused) return moveRefused;
    if (status === 503) return t('serviceAway');
    return undefined;
  };

  return (error, move) => {
    const words = serverMessage(error);
    return (language === 'bn' ? inBangla(error, words, move) : undefined) ?? words ?? translate('common:somethingWentWrong');
  };
}

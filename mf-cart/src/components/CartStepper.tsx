import { Minus, Plus } from 'lucide-react';
import { MAX_LINE_QUANTITY, type CartLine } from '@bazar/contracts';
import { showToast } from '@bazar/web-kit';
import { useFormats, useTranslation } from '@bazar/web-kit/i18n';
import { useProductText } from '@bazar/web-kit/product-text';
import { isPending, useRemoveCartLineMutation, useSetCartQuantityMutation } from '../cart-api';
import { cartRefusalWords, somethingWentWrong } from '../cart-words';

const STEPPER_LOOK = {
  /** on a product card, in the place of its Add button */
  card: {
    group: 'flex items-center justify-between rounded-full bg-brand-50 p-0.5 ring-1 ring-brand-200',
    button: 'flex size-8 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-40',
    count: 'min-w-8 text-center text-sm font-bold text-brand-800',
  },
  /** on a line of the cart page */
  line: {
    group: 'flex items-center gap-2',
    button:
      'flex size-8 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100 disabled:opacity-40',
    count: 'min-w-8 text-center font-semibold text-stone-800',
  },
};

/**
 * − quantity + for one cart line. The cart service checks the stock; its refusal shows under the
 * buttons ("Only 2 of Hilsa left"). On the cart page one piece is the least (fewer is Remove From
 * Cart); on a product card, − at one piece takes the product off the cart and the Add button is back.
 */
export function CartStepper({ line, look }: { line: CartLine; look: keyof typeof STEPPER_LOOK }) {
  const [setQuantity, saving] = useSetCartQuantityMutation({ fixedCacheKey: `quantity-${line.productId}` });
  const [removeLine, removing] = useRemoveCartLineMutation();
  const busy = isPending(line) || saving.isLoading || removing.isLoading;
  const removesAtOne = look === 'card';
  const style = STEPPER_LOOK[look];
  // the stepper's words are the shared ones (web-kit's), loaded before any page shows: on a catalog
  // card the cart's own message files may not have loaded
  const { t } = useTranslation('common');
  const { formatNumber } = useFormats();
  const { lineName } = useProductText();
  const refusal = saving.isError
    ? (cartRefusalWords(saving.error, lineName(line), formatNumber) ?? t('common:quantityNotChanged'))
    : undefined;

  function less() {
    if (line.cartQuantity > 1) void setQuantity({ params: { id: line._id }, body: { cartQuantity: line.cartQuantity - 1 } });
    else if (removesAtOne) void removeLine(line._id).then((result) => result.error && void showToast(somethingWentWrong(result.error)));
  }

  return (
    // The cart's styles reach only elements under its scope (web-kit/webpack/config.mjs), and this
    // stepper shows on the catalog's cards too.
    <div data-remote="cart">
      <div className={style.group} role="group" aria-label={t('common:quantityOf', { name: lineName(line) })}>
        <button
          type="button"
          className={style.button}
          aria-label={t('common:oneLess')}
          disabled={busy || (!removesAtOne && line.cartQuantity <= 1)}
          onClick={less}
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <output className={style.count} aria-live="polite">
          {formatNumber(line.cartQuantity)}
        </output>
        <button
          type="button"
          className={style.button}
          aria-label={t('common:oneMore')}
          disabled={busy || line.cartQuantity >= MAX_LINE_QUANTITY}
          onClick={() => void setQuantity({ params: { id: line._id }, body: { cartQuantity: line.cartQuantity + 1 } })}
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
      {refusal && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}

import { Minus, Plus } from 'lucide-react';
import { MAX_LINE_QUANTITY, type CartLine } from '@bazar/contracts';
import { serverMessage } from '@bazar/web-kit';
import { useSetCartQuantityMutation } from '../api';

/** − quantity + for one cart line. The cart service checks the stock; its refusal shows under the
 *  buttons ("Only 2 of Hilsa left"). One piece is the least: fewer is Remove From Cart. */
export function QuantityStepper({ line }: { line: CartLine }) {
  const [setQuantity, saving] = useSetCartQuantityMutation({ fixedCacheKey: `quantity-${line._id}` });
  const change = (by: number) => void setQuantity({ id: line._id, cartQuantity: line.cartQuantity + by });
  const refusal = saving.isError ? (serverMessage(saving.error) ?? 'The quantity could not be changed.') : undefined;
  const button =
    'flex size-8 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100 disabled:opacity-40';

  return (
    <div>
      <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${line.cartName}`}>
        <button
          type="button"
          className={button}
          aria-label="One less"
          disabled={saving.isLoading || line.cartQuantity <= 1}
          onClick={() => change(-1)}
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <output className="min-w-8 text-center font-semibold text-stone-800" aria-live="polite">
          {line.cartQuantity}
        </output>
        <button
          type="button"
          className={button}
          aria-label="One more"
          disabled={saving.isLoading || line.cartQuantity >= MAX_LINE_QUANTITY}
          onClick={() => change(1)}
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

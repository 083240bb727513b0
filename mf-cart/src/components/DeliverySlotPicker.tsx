import { useId } from 'react';
import type { DeliverySlot } from '@bazar/contracts';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { useCartText } from '../i18n';

/**
 * When to deliver: today's and tomorrow's two-hour windows that have not started, by day; a full
 * one is shown but cannot be chosen. The server decides again when the order is placed (a slot that
 * filled meanwhile is refused, 409). Checkout asks for one before it sends the order.
 */
export function DeliverySlotPicker({
  slots,
  readAt,
  value,
  onChange,
}: {
  slots: DeliverySlot[];
  /** when the list was read (ms): slots started by then are not shown */
  readAt: number;
  value: string | undefined;
  onChange: (slot: string) => void;
}) {
  const t = useCartText();
  const id = useId();
  const { slotDay, slotHours } = useDeliveryWords();
  const ahead = slots.filter((slot) => Date.parse(slot.start) > readAt);
  const days = [...new Set(ahead.map((slot) => slot.id.slice(0, 10)))];
  const anyOffered = ahead.some((slot) => slot.offered);
  return (
    <fieldset id="delivery-slot" tabIndex={-1}>
      <legend className="mb-2 text-xl font-bold text-stone-800">{t('delivery.slotHeading')}</legend>
      {!anyOffered && <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('delivery.noSlots')}</p>}
      {days.map((day) => (
        <div key={day} role="radiogroup" aria-labelledby={`${id}-${day}`} className="mt-3">
          <p id={`${id}-${day}`} className="text-sm font-semibold text-stone-700">
            {slotDay(`${day}T08`)}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {ahead
              .filter((slot) => slot.id.startsWith(day))
              .map((slot) => (
                <label
                  key={slot.id}
                  className={`flex flex-col items-center rounded-xl border px-2 py-2 text-center text-sm ${
                    slot.offered
                      ? 'cursor-pointer border-stone-300 bg-white text-stone-800 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-600 has-[:checked]:text-white'
                      : 'cursor-not-allowed border-stone-200 bg-stone-100 text-stone-400'
                  } has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300`}
                >
                  <input
                    type="radio"
                    name="slot"
                    value={slot.id}
                    disabled={!slot.offered}
                    checked={value === slot.id}
                    onChange={() => onChange(slot.id)}
                    className="sr-only"
                  />
                  <span className="font-medium">{slotHours(slot.id)}</span>
                  {!slot.offered && <span className="text-xs">{t('delivery.full')}</span>}
                </label>
              ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

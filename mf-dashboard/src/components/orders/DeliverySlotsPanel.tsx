import { useId, type FormEvent } from 'react';
import { MAX_SLOT_CAPACITY, type DeliverySlot } from '@bazar/contracts';
import { showNotice } from '@bazar/web-kit';
import { refusalText } from '@bazar/web-kit/refusals';
import { translate, useFormats } from '@bazar/web-kit/i18n';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { useGetSlotCapacitiesQuery, useSetDefaultSlotCapacityMutation, useSetSlotCapacityMutation } from '../../delivery-api';
import { useDashboardText } from '../../i18n';

const input =
  'w-20 rounded-xl border border-stone-300 bg-white px-2 py-1.5 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';
const button = 'rounded-full bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50';

const refused = (error: unknown) =>
  void showNotice({
    tone: 'error',
    title: translate('common:oops'),
    text: refusalText(error) ?? translate('common:somethingWentWrong'),
  });

/**
 * Today's and tomorrow's delivery slots: how many orders each has taken of how many it takes, the
 * store's default capacity and each slot's own (emptied: the default again), and the way to the
 * orders to deliver in a slot.
 */
export function DeliverySlotsPanel({ onShowSlot }: { onShowSlot: (slot: string) => void }) {
  const t = useDashboardText();
  const id = useId();
  const { slotDay } = useDeliveryWords();
  const slots = useGetSlotCapacitiesQuery(undefined, { pollingInterval: 60_000 });
  const [setDefault, settingDefault] = useSetDefaultSlotCapacityMutation();
  if (!slots.data) return null;
  const { defaultCapacity } = slots.data;
  const days = [...new Set(slots.data.slots.map((slot) => slot.id.slice(0, 10)))];

  async function saveDefault(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const capacity = Number(new FormData(event.currentTarget).get('capacity'));
    const result = await setDefault({ capacity });
    if (result.error) refused(result.error);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={`${id}-heading`} className="text-lg font-bold text-stone-800">
          {t('slots.heading')}
        </h3>
        <form onSubmit={(event) => void saveDefault(event)} className="flex items-end gap-2 text-sm">
          <label className="font-medium text-stone-700">
            {t('slots.defaultCapacity')}
            <input
              key={defaultCapacity}
              name="capacity"
              type="number"
              min={0}
              max={MAX_SLOT_CAPACITY}
              required
              defaultValue={defaultCapacity}
              className={`ml-2 ${input}`}
            />
          </label>
          <button type="submit" disabled={settingDefault.isLoading} className={button}>
            {t('slots.save')}
          </button>
        </form>
      </div>
      <div className="mt-3 grid gap-4 2xl:grid-cols-2">
        {days.map((day) => (
          <div key={day}>
            <h4 className="text-sm font-semibold text-stone-600">{slotDay(`${day}T08`)}</h4>
            <ul className="mt-1 divide-y divide-stone-100">
              {slots
                .data!.slots.filter((slot) => slot.id.startsWith(day))
                .map((slot) => (
                  <SlotLine key={slot.id} slot={slot} defaultCapacity={defaultCapacity} onShow={() => onShowSlot(slot.id)} />
                ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

function SlotLine({ slot, defaultCapacity, onShow }: { slot: DeliverySlot; defaultCapacity: number; onShow: () => void }) {
  const t = useDashboardText();
  const { formatNumber } = useFormats();
  const { slotHours, slotText } = useDeliveryWords();
  const [setCapacity, setting] = useSetSlotCapacityMutation();
  const started = !slot.offered && slot.left > 0;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('capacity') ?? '').trim();
    const result = await setCapacity({ params: { slot: slot.id }, body: { capacity: typed === '' ? null : Number(typed) } });
    if (result.error) refused(result.error);
  }

  return (
    <li aria-label={slotText(slot.id)} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <span className="w-36 font-medium text-stone-800">{slotHours(slot.id)}</span>
      <span className={`w-28 ${slot.left === 0 ? 'font-semibold text-red-700' : 'text-stone-600'}`}>
        {t('slots.takenOf', { taken: formatNumber(slot.taken), capacity: formatNumber(slot.capacity) })}
        {slot.left === 0 && ` · ${t('slots.full')}`}
        {started && ` · ${t('slots.started')}`}
      </span>
      <form onSubmit={(event) => void save(event)} className="flex items-center gap-2">
        <input
          key={`${slot.capacitySet}-${slot.capacity}`}
          name="capacity"
          type="number"
          min={0}
          max={MAX_SLOT_CAPACITY}
          aria-label={t('slots.capacityFor', { slot: slotText(slot.id) })}
          defaultValue={slot.capacitySet ? slot.capacity : ''}
          placeholder={String(defaultCapacity)}
          className={input}
        />
        <button type="submit" disabled={setting.isLoading} className={button}>
          {t('slots.save')}
        </button>
      </form>
      <button type="button" onClick={onShow} className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">
        {t('slots.showOrders')}
      </button>
    </li>
  );
}

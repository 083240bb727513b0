import { useId, useState, type FormEvent } from 'react';
import { ORDER_STATUSES, type OrderListQuery, type OrderStatus } from '@bazar/contracts';
import { useOrderStatusLabel } from '@bazar/web-kit/orders';
import { useDeliveryWords } from '@bazar/web-kit/delivery-words';
import { useFormats } from '@bazar/web-kit/i18n';
import { useGetSlotCapacitiesQuery } from '../../delivery-api';
import { useDashboardText } from '../../i18n';

export type Filters = Pick<OrderListQuery, 'status' | 'from' | 'to' | 'q' | 'slot'>;

const control =
  'w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

/** Status, days and delivery slot (today's or tomorrow's) apply as they are chosen; the search
 *  applies when it is sent (Enter or Search). */
export function OrderFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const [search, setSearch] = useState(filters.q ?? '');
  const id = useId();
  const t = useDashboardText();
  const statusLabel = useOrderStatusLabel();
  const { slotText } = useDeliveryWords();
  const slots = useGetSlotCapacitiesQuery().data?.slots ?? [];
  const set = (change: Filters) => onChange({ ...filters, ...change });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    set({ q: search.trim() || undefined });
  }

  return (
    <form
      role="search"
      aria-label={t('findOrders')}
      onSubmit={submit}
      className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_10rem_10rem_13rem_1fr]"
    >
      <div className="text-sm font-medium text-stone-700">
        <label htmlFor={`${id}-status`}>{t('status')}</label>
        <select
          id={`${id}-status`}
          value={filters.status ?? ''}
          onChange={(event) => set({ status: (event.target.value || undefined) as OrderStatus | undefined })}
          className={`mt-1 ${control}`}
        >
          <option value="">{t('all')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <DayField id={`${id}-from`} label={t('from')} day={filters.from} max={filters.to} onChange={(from) => set({ from })} />
      <DayField id={`${id}-to`} label={t('to')} day={filters.to} min={filters.from} onChange={(to) => set({ to })} />
      <div className="text-sm font-medium text-stone-700">
        <label htmlFor={`${id}-slot`}>{t('slots.filter')}</label>
        <select
          id={`${id}-slot`}
          value={filters.slot ?? ''}
          onChange={(event) => set({ slot: event.target.value || undefined })}
          className={`mt-1 ${control}`}
        >
          <option value="">{t('all')}</option>
          {slots.map((slot) => (
            <option key={slot.id} value={slot.id}>
              {slotText(slot.id)}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm font-medium text-stone-700 sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`}>{t('orderSearch')}</label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('orderSearchPlaceholder')}
            className={control}
          />
          <button
            type="submit"
            className="shrink-0 rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t('search')}
          </button>
        </div>
      </div>
    </form>
  );
}

/** A day of the filter. The browser's date input writes the day in the browser's own order and
 *  digits (mm/dd/yyyy on most), whatever the page's language: the day chosen is also written out
 *  under it in the page's language and digits, and the input is described by it. */
function DayField({
  id,
  label,
  day,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  day: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  const t = useDashboardText();
  const { formatDate } = useFormats();
  return (
    <div className="text-sm font-medium text-stone-700">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={day ?? ''}
        min={min}
        max={max}
        aria-describedby={`${id}-said`}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={`mt-1 ${control}`}
      />
      <p id={`${id}-said`} className="mt-1 text-xs font-normal text-stone-500">
        {day ? formatDate(day) : t('anyDay')}
      </p>
    </div>
  );
}

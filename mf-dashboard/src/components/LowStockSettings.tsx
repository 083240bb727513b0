import { useId, useState, type FormEvent } from 'react';
import { showNotice, showToast } from '@bazar/web-kit';
import { refusalText } from '@bazar/web-kit/refusals';
import { translate, useFormats } from '@bazar/web-kit/i18n';
import { useGetStoreSettingsQuery, useSetStoreSettingsMutation } from '../admin-api';
import { useDashboardText } from '../i18n';

/** The low-stock threshold the admin sets: a product with fewer units is marked in the list, and
 *  the list can show those alone. Kept by the catalog as a store setting. */
export function LowStockSettings() {
  const t = useDashboardText();
  const { formatNumber } = useFormats();
  const id = useId();
  const settings = useGetStoreSettingsQuery();
  const [save, saving] = useSetStoreSettingsMutation();
  // what the admin typed, else the store's threshold
  const [typed, setTyped] = useState<string>();
  const shown = typed ?? (settings.data ? String(settings.data.lowStockThreshold) : '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await save({ lowStockThreshold: Number(shown) });
    // news the admin may ignore: a toast, which leaves the list and its filter free to use at once
    // (a modal notice's backdrop took the admin's next click)
    if (result.data)
      void showToast({
        tone: 'success',
        title: t('thresholdSaved'),
        text: t('thresholdIs', { count: result.data.lowStockThreshold, formatted: formatNumber(result.data.lowStockThreshold) }),
      });
    else void showNotice({ tone: 'error', title: translate('common:oops'), text: refusalText(result.error) ?? t('thresholdNotSaved') });
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('lowStockSetting')} className="flex flex-wrap items-end gap-2">
      <div className="text-sm font-medium text-stone-700">
        <label htmlFor={id}>{t('lowStockThreshold')}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={100000}
          step={1}
          required
          value={shown}
          onChange={(event) => setTyped(event.target.value)}
          aria-describedby={`${id}-hint`}
          className="mt-1 block w-28 rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
      </div>
      <button
        type="submit"
        disabled={saving.isLoading || !settings.data}
        className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {t('save')}
      </button>
      <p id={`${id}-hint`} className="w-full text-xs text-stone-500">
        {t('lowStockHint')}
      </p>
    </form>
  );
}

import { useFormats } from '@bazar/web-kit/i18n';
import { useDashboardText } from '../i18n';

const figures = [
  { label: 'currentBalance', amount: 5000 },
  { label: 'totalCredit', amount: 12500 },
  { label: 'totalDebit', amount: 7500 },
] as const;

/** The spec's wallet: static figures, not wired to data. */
export function MyWallet() {
  const t = useDashboardText();
  const { formatTaka } = useFormats();
  return (
    <section aria-labelledby="wallet">
      <h2 id="wallet" className="text-2xl font-bold text-stone-800">
        {t('links.myWallet')}
      </h2>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-2xl bg-brand-50 p-5">
            <dt className="text-sm text-brand-900">{t(f.label)}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-brand-700">{formatTaka(f.amount)}</dd>
          </div>
        ))}
      </dl>
      <form className="mt-6 flex max-w-md flex-wrap gap-2" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="add-wallet" className="sr-only">
          {t('amountToAdd')}
        </label>
        <input
          id="add-wallet"
          type="number"
          min={0}
          placeholder={t('amount')}
          className="min-w-0 flex-1 basis-40 rounded-full border border-stone-300 px-4 py-2"
        />
        <button type="submit" className="shrink-0 rounded-full bg-brand-600 px-5 py-2 font-semibold whitespace-nowrap text-white">
          {t('addWallet')}
        </button>
      </form>
    </section>
  );
}

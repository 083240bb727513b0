import { Apple, Carrot, Salad, X } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import '../styles.css';
import { useCatalogText } from '../i18n';

/** The sample rows, by their names' keys in the message files' `sampleTable.rows`. */
const rows = [
  { name: 'tomato', product: Apple, price: 80 },
  { name: 'potato', product: Carrot, price: 45 },
  { name: 'onion', product: Salad, price: 90 },
];

const COLUMNS = ['serial', 'product', 'name', 'price', 'status', 'shopping', 'action'];

/** The spec's static wish-list and compare table: fixed sample rows, not wired to data. */
export function SampleTable({ title }: { title: string }) {
  const t = useCatalogText();
  const { formatNumber, formatTaka } = useFormats();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-stone-800">{title}</h1>
      <div className="mt-8 overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-semibold">
                  {t(`sampleTable.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const name = t(`sampleTable.rows.${row.name}`);
              return (
                <tr key={row.name} className="border-t border-stone-100">
                  <td className="px-4 py-3">{formatNumber(i + 1)}</td>
                  <td className="px-4 py-3 text-brand-600">
                    <row.product className="size-7" aria-hidden />
                  </td>
                  <td className="px-4 py-3 font-medium">{name}</td>
                  <td className="px-4 py-3">{formatTaka(row.price)}</td>
                  <td className="px-4 py-3 font-semibold text-red-600">{t('stockOut')}</td>
                  <td className="px-4 py-3">
                    <button type="button" className="rounded-full bg-brand-600 px-4 py-1.5 font-semibold text-white">
                      {t('addToCart')}
                    </button>
                  </td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      aria-label={t('sampleTable.remove', { name })}
                      className="rounded-full p-1 text-stone-400 hover:text-red-600"
                    >
                      <X className="size-4" />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

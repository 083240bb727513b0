import { Apple, Carrot, Salad, X } from 'lucide-react';
import '../styles.css';

const rows = [
  { product: Apple, name: 'Tomato (1 kg)', price: '৳80' },
  { product: Carrot, name: 'Potato (1 kg)', price: '৳45' },
  { product: Salad, name: 'Onion (1 kg)', price: '৳90' },
];

/** The spec's static wish-list and compare table: fixed sample rows, not wired to data. */
export function SampleTable({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-stone-800">{title}</h1>
      <div className="mt-8 overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              {['Serial', 'Product', 'Name', 'Price', 'Status', 'Shopping', 'Action'].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.name} className="border-t border-stone-100">
                <td className="px-4 py-3">{i + 1}</td>
                <td className="px-4 py-3 text-brand-600">
                  <row.product className="size-7" aria-hidden />
                </td>
                <td className="px-4 py-3 font-medium">{row.name}</td>
                <td className="px-4 py-3">{row.price}</td>
                <td className="px-4 py-3 font-semibold text-red-600">Stock Out</td>
                <td className="px-4 py-3">
                  <button type="button" className="rounded-full bg-brand-600 px-4 py-1.5 font-semibold text-white">
                    Add To Cart
                  </button>
                </td>
                <td className="px-4 py-3">
                  <button type="button" aria-label={`Remove ${row.name}`} className="rounded-full p-1 text-stone-400 hover:text-red-600">
                    <X className="size-4" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

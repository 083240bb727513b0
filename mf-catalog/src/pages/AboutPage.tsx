import { BadgeCheck, Handshake, Snowflake, Sprout, Truck, Wallet } from 'lucide-react';
import '../styles.css';

const features = [
  { art: Sprout, title: '100% Organic', text: 'Vegetables and fruit grown without harmful chemicals.' },
  { art: Truck, title: 'Fast Delivery', text: 'Same-day delivery inside the city.' },
  { art: Wallet, title: 'Fair Prices', text: 'Straight from farmers, with no middlemen.' },
  { art: Snowflake, title: 'Cold Chain', text: 'Fish, meat and dairy kept cold until your door.' },
  { art: Handshake, title: 'Local Farmers', text: 'We buy from growers across Bangladesh.' },
  { art: BadgeCheck, title: 'Quality Checked', text: 'Every order is checked before it leaves.' },
];

export default function AboutPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="mx-auto max-w-2xl text-center text-3xl font-extrabold text-stone-800">
        Why People Choose Their Daily Organic Life With Us
      </h1>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((f) => (
          <li key={f.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <f.art className="size-10 text-brand-600" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold text-stone-800">{f.title}</h2>
            <p className="mt-1 text-stone-500">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

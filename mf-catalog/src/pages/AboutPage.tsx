import { BadgeCheck, Handshake, Snowflake, Sprout, Truck, Wallet } from 'lucide-react';
import '../styles.css';
import { useCatalogText } from '../i18n';

/** Each feature's picture, by its key in the message files' `about.features`. */
const features = [
  { name: 'organic', art: Sprout },
  { name: 'delivery', art: Truck },
  { name: 'prices', art: Wallet },
  { name: 'coldChain', art: Snowflake },
  { name: 'farmers', art: Handshake },
  { name: 'quality', art: BadgeCheck },
];

export default function AboutPage() {
  const t = useCatalogText();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="mx-auto max-w-2xl text-center text-3xl font-extrabold text-stone-800">{t('about.title')}</h1>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((f) => (
          <li key={f.name} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <f.art className="size-10 text-brand-600" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold text-stone-800">{t(`about.features.${f.name}.title`)}</h2>
            <p className="mt-1 text-stone-500">{t(`about.features.${f.name}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

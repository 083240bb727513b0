import { Apple, Carrot, Citrus, Croissant, Fish, Salad } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import '../styles.css';
import { useCatalogText } from '../i18n';

const posts = [Salad, Citrus, Fish, Carrot, Croissant, Apple];

export default function BlogsPage() {
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-center text-3xl font-extrabold text-stone-800">{t('blogs.title')}</h1>
      <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3">
        {posts.map((Art, i) => (
          <li key={i}>
            <div
              className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-brand-50 text-brand-600"
              role="img"
              aria-label={t('blogs.picture', { number: formatNumber(i + 1) })}
            >
              <Art className="size-20" strokeWidth={1.25} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

import '../styles.css';
import { useCatalogText } from '../i18n';

export default function ContactPage() {
  const t = useCatalogText();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-stone-800">{t('contact.title')}</h1>
    </section>
  );
}

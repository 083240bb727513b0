import { Link } from '@bazar/web-kit/routing';
import { useShellText } from '../i18n';

export function NotFound() {
  const t = useShellText();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <p className="text-8xl font-black tracking-tight text-brand-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-extrabold text-stone-800 sm:text-3xl">{t('notFoundTitle')}</h1>
      <p className="mt-3 text-stone-500">{t('notFoundText')}</p>
      <Link to="/" className="mt-8 rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700">
        {t('goHome')}
      </Link>
    </section>
  );
}

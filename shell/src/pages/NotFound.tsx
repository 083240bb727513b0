import { Link } from '@bazar/web-kit/routing';
import { useFormats } from '@bazar/web-kit/i18n';
import { useShellText } from '../i18n';

/** The status the page stands for, shown large: in the page's digits, as every number of the store. */
const NOT_FOUND_STATUS = 404;

export function NotFound() {
  const t = useShellText();
  const { formatNumber } = useFormats();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <p className="text-8xl font-black tracking-tight text-brand-700" aria-hidden>
        {formatNumber(NOT_FOUND_STATUS)}
      </p>
      <h1 className="mt-4 text-2xl font-extrabold text-stone-800 sm:text-3xl">{t('notFoundTitle')}</h1>
      <p className="mt-3 text-stone-500">{t('notFoundText')}</p>
      <Link to="/" className="mt-8 rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700">
        {t('goHome')}
      </Link>
    </section>
  );
}

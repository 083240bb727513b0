import { useFormats } from '@bazar/web-kit/i18n';
import { useDashboardText } from '../i18n';

const turn =
  'rounded-full border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:border-stone-200 disabled:text-stone-400 disabled:hover:bg-transparent';

interface PagerProps {
  page: number;
  pages: number;
  /** how many things all the pages hold, in words ('12 orders') */
  count: string;
  onTurn: (page: number) => void;
}

/** Previous and Next under a list read a page at a time, and where the admin is in it. */
export function Pager({ page, pages, count, onTurn }: PagerProps) {
  const t = useDashboardText();
  const { formatNumber } = useFormats();
  return (
    <nav aria-label={t('pages')} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onTurn(page - 1)} className={turn}>
        {t('previous')}
      </button>
      <p aria-live="polite" className="text-center">
        {t('pageOf', { page: formatNumber(Math.min(page, pages)), pages: formatNumber(pages) })}
        <span className="text-stone-500"> · {count}</span>
      </p>
      <button type="button" disabled={page >= pages} onClick={() => onTurn(page + 1)} className={turn}>
        {t('next')}
      </button>
    </nav>
  );
}

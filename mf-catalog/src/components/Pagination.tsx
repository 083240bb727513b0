import { Link } from '@bazar/web-kit/routing';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useFormats } from '@bazar/web-kit/i18n';
import { useCatalogText } from '../i18n';

interface PaginationProps {
  page: number;
  pages: number;
  /** the address of another page of the same list (its query, `?…`) */
  addressOf: (page: number) => string;
  /** a page link was followed */
  onTurn: () => void;
}

const step =
  'flex min-h-11 items-center gap-1 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-700 hover:border-brand-600 hover:text-brand-700';
const number = 'flex size-11 items-center justify-center rounded-full text-sm font-semibold';

/** The first and last pages, and those next to the current one; a gap stands for the pages between. */
function pagesAround(page: number, pages: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}

/** Previous and Next, with page numbers from a tablet up; a phone shows where it is instead. */
export function Pagination({ page, pages, addressOf, onTurn }: PaginationProps) {
  const t = useCatalogText();
  const { formatNumber } = useFormats();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.pages')} className="mt-10 flex items-center justify-center gap-2">
      {page > 1 && (
        <Link to={addressOf(page - 1)} rel="prev" onClick={onTurn} className={step}>
          <ChevronLeft className="size-4" aria-hidden /> {t('pagination.previous')}
        </Link>
      )}
      <p className="px-2 text-sm text-stone-600 sm:hidden">
        {t('pagination.pageOf', { page: formatNumber(page), pages: formatNumber(pages) })}
      </p>
      <ol className="hidden items-center gap-1 sm:flex">
        {pagesAround(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span
                  aria-current="page"
                  aria-label={t('pagination.page', { page: formatNumber(n) })}
                  className={`${number} bg-brand-600 text-white`}
                >
                  {formatNumber(n)}
                </span>
              ) : (
                <Link
                  to={addressOf(n)}
                  onClick={onTurn}
                  aria-label={t('pagination.page', { page: formatNumber(n) })}
                  className={`${number} text-stone-700 hover:bg-brand-50 hover:text-brand-700`}
                >
                  {formatNumber(n)}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pages && (
        <Link to={addressOf(page + 1)} rel="next" onClick={onTurn} className={step}>
          {t('pagination.next')} <ChevronRight className="size-4" aria-hidden />
        </Link>
      )}
    </nav>
  );
}

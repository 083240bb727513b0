import type { ReactNode } from 'react';
import { Bell } from 'lucide-react';
import { Link } from '@bazar/web-kit/routing';
import { useFormats } from '@bazar/web-kit/i18n';
import { useShellText } from '../i18n';

const iconLook = 'relative rounded-full p-2 text-stone-700 hover:bg-brand-50 hover:text-brand-700';

function Count({ count }: { count: number }) {
  const { formatNumber } = useFormats();
  return (
    <span className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-white">
      {formatNumber(count)}
    </span>
  );
}

/** A top-bar icon that links to a page, with its count once it is known. */
export function IconLink({ to, label, count, children }: { to: string; label: string; count?: number; children: ReactNode }) {
  const t = useShellText();
  const { formatNumber } = useFormats();
  return (
    <Link to={to} aria-label={count === undefined ? label : t('iconCount', { label, count: formatNumber(count) })} className={iconLook}>
      {children}
      {count !== undefined && <Count count={count} />}
    </Link>
  );
}

/** The offers bell. No count until the offers are known: a '0' that widens to '17' would be a
 *  wrong figure and a layout shift. */
export function BellButton({ count, onClick }: { count?: number; onClick?: () => void }) {
  const t = useShellText();
  const { formatNumber } = useFormats();
  return (
    <button
      type="button"
      aria-label={count === undefined ? t('offers') : t('iconCount', { label: t('offers'), count: formatNumber(count) })}
      onClick={onClick}
      className={iconLook}
    >
      <Bell className="size-6" />
      {count !== undefined && <Count count={count} />}
    </button>
  );
}

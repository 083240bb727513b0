import { useDashboardText } from '../i18n';

/** An address under /dashboard that no page has. */
export default function NotAvailable() {
  const t = useDashboardText();
  return <p className="text-stone-500">{t('notAvailable')}</p>;
}

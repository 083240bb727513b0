import { useTranslation } from '@bazar/web-kit/i18n';

/** What a page says when a read it needs failed: which one, and a way to ask again. */
export function LoadFailure({ what, onRetry, className = '' }: { what: string; onRetry: () => void; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className={`rounded-xl bg-red-50 p-4 text-red-800 ${className}`}>
      {t('loadFailure', { what })}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}

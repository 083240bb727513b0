import { useTranslation } from '@bazar/web-kit/i18n';

/** The store's loading indicator, announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  // A Suspense fallback must not suspend itself: the common messages load with the page's first render.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}

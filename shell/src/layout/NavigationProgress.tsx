import { useNavigation } from '@bazar/web-kit/routing';
import { useShellText } from '../i18n';

/** A thin bar while a route's data loads; the current page stays until the next one is ready. */
export function NavigationProgress() {
  const { state } = useNavigation();
  const t = useShellText();
  if (state === 'idle') return null;
  return (
    <div role="progressbar" aria-label={t('loadingPage')} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

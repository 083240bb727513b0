import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { Store } from 'lucide-react';
import { Spinner } from '@bazar/web-kit';
import { loadRemoteModule } from './federation';
import { RemoteScope } from './RemoteScope';
import { useShellText } from './i18n';

type RemoteComponent = ComponentType;

const remotePages = new Map<string, LazyExoticComponent<RemoteComponent>>();

/** One lazy component per exposed module, so revisiting a page does not suspend again. A failed
 *  load is forgotten (React.lazy would keep the rejection), so the next render tries afresh. */
function remotePage(module: string, component: string): LazyExoticComponent<RemoteComponent> {
  const key = `${module}#${component}`;
  let page = remotePages.get(key);
  if (!page) {
    page = lazy(() =>
      loadRemoteModule<Record<string, RemoteComponent>>(module).then(
        (exports) => ({ default: exports[component]! }),
        (error: unknown) => {
          remotePages.delete(key);
          throw error;
        },
      ),
    );
    remotePages.set(key, page);
  }
  return page;
}

interface RemotePageProps {
  /** The exposed module, as `remote/Module`. */
  module: string;
  /** The module's export that is the page; its default unless named. */
  component?: string;
}

/**
 * A page that lives in a remote. When the remote cannot be loaded or fails while rendering, only
 * this area shows a fallback; Retry loads it again (a failed load is not cached) without a reload.
 */
export function RemotePage({ module, component = 'default' }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const Page = remotePage(module, component);
  return (
    <ErrorBoundary
      resetKeys={[module, attempt]}
      onError={(error) => console.error(`Remote page ${module} failed`, error)}
      fallback={<RemoteUnavailable onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<Spinner />}>
        <RemoteScope module={module}>
          {/* eslint-disable-next-line react-hooks/static-components -- cached per module: stable identity */}
          <Page />
        </RemoteScope>
      </Suspense>
    </ErrorBoundary>
  );
}

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = useShellText();
  return (
    <section role="alert" className="mx-auto my-16 max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm">
      <Store className="mx-auto size-12 text-brand-600" aria-hidden />
      <h2 className="mt-4 text-xl font-semibold text-stone-800">{t('unavailableTitle')}</h2>
      <p className="mt-2 text-stone-500">{t('unavailableText')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-6 rounded-full bg-brand-600 px-6 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t('common:retry')}
      </button>
    </section>
  );
}

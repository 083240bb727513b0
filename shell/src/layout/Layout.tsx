import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../ErrorBoundary';
import { Outlet, ScrollRestoration, useLocation } from '@bazar/web-kit/routing';
import { Toasts } from '@bazar/web-kit';
import { TopBar } from './TopBar';
import { NavigationProgress } from './NavigationProgress';

// Below the fold on every page (the main area is at least a screen tall), so its code comes beside the
// first render rather than in it; a rendered page keeps the footer's markup until the code arrives.
const Footer = lazy(() => import('./Footer').then(({ Footer }) => ({ default: Footer })));

const routesWithoutFooter = new Set(['/login', '/singup']);

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50 text-stone-800">
      <NavigationProgress />
      <TopBar />
      {/* At least a screen tall: the footer stays below the fold while a page loads, instead of
          showing first and being pushed away when the page arrives (the home page's layout shift). */}
      <main className="min-h-dvh flex-1">
        <Outlet />
      </main>
      {!routesWithoutFooter.has(pathname) && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </ErrorBoundary>
      )}
      <ScrollRestoration />
      {/* Fetched after the first view; a page whose toasts could not load still works. */}
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}

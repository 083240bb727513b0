import { Suspense } from 'react';
import { ErrorBoundary } from '../ErrorBoundary';
import { Outlet, ScrollRestoration, useLocation } from '@bazar/web-kit/routing';
import { Toasts } from '@bazar/web-kit';
import { TopBar } from './TopBar';
import { Footer } from './Footer';
import { NavigationProgress } from './NavigationProgress';

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
      {!routesWithoutFooter.has(pathname) && <Footer />}
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

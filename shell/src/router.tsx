import type { RemoteRoute, StorefrontStore } from '@bazar/web-kit';
import { createBrowserRouter, type RouteObject } from '@bazar/web-kit/routing';
import { loadRemoteModule } from './federation';
import { Layout } from './layout/Layout';
import { StoreMenus } from './menus';
import { moduleOf, within } from './pages';
import type { StorePage } from './remotes';
import { RemotePage } from './RemotePage';
import { RemoteScope } from './RemoteScope';
import { AdminStatusProvider, RequireAccess } from './auth/access';
import { SignInHandoff } from './pages/SignInHandoff';
import { NotFound } from './pages/NotFound';
import { RouteError } from './pages/RouteError';

/**
 * Every route of the store: the shell's own (sign-in, not found) and the pages the remotes publish,
 * each behind the guard its remote declared and loaded from the remote when first shown. A page
 * below a layout's path is nested in that layout, whichever remote owns either.
 */
export function storeRoutes(store: StorefrontStore, pages: StorePage[]): RouteObject[] {
  return [
    {
      element: (
        <AdminStatusProvider>
          <StoreMenus pages={pages}>
            <Layout />
          </StoreMenus>
        </AdminStatusProvider>
      ),
      children: [
        ...nested(store, pages, undefined),
        { path: 'login', element: <SignInHandoff action="login" /> },
        { path: 'singup', element: <SignInHandoff action="register" /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

export function makeRouter(store: StorefrontStore, pages: StorePage[]) {
  return createBrowserRouter(storeRoutes(store, pages));
}
export type StoreRouter = ReturnType<typeof makeRouter>;

/** The routes of the pages directly in `layout` (or at the top when none), with what is in theirs. */
function nested(store: StorefrontStore, pages: StorePage[], layout: StorePage | undefined): RouteObject[] {
  const innermost = (page: StorePage) =>
    pages
      .filter((other) => other.layout && other !== page && within(page.path, other.path))
      .sort((a, b) => b.path.length - a.path.length)[0];
  return pages
    .filter((page) => innermost(page) === layout)
    .map((page) => {
      const route = routeOf(store, page);
      const path = layout ? page.path.slice(layout.path.length).replace(/^\//, '') : page.path;
      const children = page.layout ? nested(store, pages, page) : undefined;
      return { ...route, ...(path === '' || path === '/' ? { index: true } : { path }), ...(children && { children }) } as RouteObject;
    });
}

function routeOf(store: StorefrontStore, page: StorePage): RouteObject {
  const module = moduleOf(page);
  if (!page.loader)
    return {
      element: (
        <RequireAccess access={page.access}>
          <RemotePage module={module} component={page.component} />
        </RequireAccess>
      ),
    };
  return {
    // A route with a loader: the page shows once its data has arrived.
    lazy: async () => {
      const { default: remoteRoute } = await loadRemoteModule<{ default: RemoteRoute }>(module);
      const { loader, Component: Page } = remoteRoute(store.dispatch);
      const Component = () => (
        <RequireAccess access={page.access}>
          <RemoteScope module={module}>
            <Page />
          </RemoteScope>
        </RequireAccess>
      );
      return { loader, Component };
    },
    errorElement: <RouteError />,
  };
}

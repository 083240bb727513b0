import { createBrowserRouter } from '@bazar/web-kit/routing';
import type { RemoteRoute, StorefrontStore } from '@bazar/web-kit';
import { loadRemoteModule } from './federation';
import { Layout } from './layout/Layout';
import { RemotePage } from './RemotePage';
import { remotePages } from './pages';
import { RemoteScope } from './RemoteScope';
import { RequireShopper } from './auth/RequireShopper';
import { SignInHandoff } from './pages/SignInHandoff';
import { NotFound } from './pages/NotFound';
import { RouteError } from './pages/RouteError';

/** Every route of the store; pages owned by a remote are loaded from it when first visited. */
export function makeRouter(store: StorefrontStore) {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        { index: true, element: <RemotePage module={remotePages.home.module} /> },
        { path: remotePages.search.path, element: <RemotePage module={remotePages.search.module} /> },
        {
          path: remotePages.product.path,
          // A route with a loader: the page shows once its product has arrived.
          lazy: async () => {
            const module = remotePages.product.module;
            const { default: remoteRoute } = await loadRemoteModule<{ default: RemoteRoute }>(module);
            const { loader, Component: Page } = remoteRoute(store.dispatch);
            const Component = () => (
              <RemoteScope module={module}>
                <Page />
              </RemoteScope>
            );
            return { loader, Component };
          },
          errorElement: <RouteError />,
        },
        { path: remotePages.about.path, element: <RemotePage module={remotePages.about.module} /> },
        { path: remotePages.blogs.path, element: <RemotePage module={remotePages.blogs.module} /> },
        { path: remotePages.contact.path, element: <RemotePage module={remotePages.contact.module} /> },
        { path: remotePages.wishlist.path, element: <RemotePage module={remotePages.wishlist.module} /> },
        { path: remotePages.compare.path, element: <RemotePage module={remotePages.compare.module} /> },
        { path: 'login', element: <SignInHandoff action="login" /> },
        { path: 'singup', element: <SignInHandoff action="register" /> },
        {
          path: remotePages.cart.path,
          element: (
            <RequireShopper>
              <RemotePage module={remotePages.cart.module} />
            </RequireShopper>
          ),
        },
        {
          path: remotePages.checkout.path,
          element: (
            <RequireShopper>
              <RemotePage module={remotePages.checkout.module} />
            </RequireShopper>
          ),
        },
        {
          path: remotePages.dashboard.path,
          element: (
            <RequireShopper>
              {/* The dashboard mounts My Orders from mf-cart; remotes never import each other. */}
              <RemotePage module={remotePages.dashboard.module} props={{ myOrders: <RemotePage module="cart/MyOrdersPage" /> }} />
            </RequireShopper>
          ),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}

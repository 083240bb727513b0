import { createBrowserRouter } from '@bazar/web-kit/routing';
import type { RemoteRoute, StorefrontStore } from '@bazar/web-kit';
import { loadRemoteModule } from './federation';
import { Layout } from './layout/Layout';
import { RemotePage } from './RemotePage';
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
        { index: true, element: <RemotePage module="catalog/HomePage" /> },
        { path: 'search', element: <RemotePage module="catalog/SearchPage" /> },
        {
          path: 'product-details/:id',
          // A route with a loader: the page shows once its product has arrived.
          lazy: async () => {
            const module = 'catalog/ProductDetailsRoute';
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
        { path: 'about', element: <RemotePage module="catalog/AboutPage" /> },
        { path: 'blogs', element: <RemotePage module="catalog/BlogsPage" /> },
        { path: 'contact', element: <RemotePage module="catalog/ContactPage" /> },
        { path: 'wishlist', element: <RemotePage module="catalog/WishlistPage" /> },
        { path: 'compare', element: <RemotePage module="catalog/ComparePage" /> },
        { path: 'login', element: <SignInHandoff action="login" /> },
        { path: 'singup', element: <SignInHandoff action="register" /> },
        {
          path: 'cart',
          element: (
            <RequireShopper>
              <RemotePage module="cart/CartPage" />
            </RequireShopper>
          ),
        },
        {
          path: 'checkout',
          element: (
            <RequireShopper>
              <RemotePage module="cart/CheckoutPage" />
            </RequireShopper>
          ),
        },
        {
          path: 'dashboard/*',
          element: (
            <RequireShopper>
              {/* The dashboard mounts My Orders from mf-cart; remotes never import each other. */}
              <RemotePage module="dashboard/DashboardPage" props={{ myOrders: <RemotePage module="cart/MyOrdersPage" /> }} />
            </RequireShopper>
          ),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}

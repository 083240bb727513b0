import { HOME_PRODUCTS, productListPageRequest, productListPath } from '@bazar/contracts';

/** A page of the store that a remote renders: its path, the exposed module, and for a public page
 *  the API read its first view makes (the URL the remote's RTK Query endpoint fetches). */
export interface RemotePageRoute {
  /** `:name` matches one path segment */
  path: string;
  module: string;
  firstRead?: (params: Record<string, string>, query: URLSearchParams) => string;
  /** behind the sign-in guard: never fetched before the shopper asks for it */
  signedIn?: boolean;
}

export const remotePages = {
  home: { path: '/', module: 'catalog/HomePage', firstRead: () => `/api${productListPath(HOME_PRODUCTS)}` },
  search: {
    path: '/search',
    module: 'catalog/SearchPage',
    firstRead: (_params, query) => `/api${productListPath(productListPageRequest(query))}`,
  },
  product: {
    path: '/product-details/:id',
    module: 'catalog/ProductDetailsRoute',
    firstRead: ({ id }) => `/api/product-details/${encodeURIComponent(id!)}`,
  },
  about: { path: '/about', module: 'catalog/AboutPage' },
  blogs: { path: '/blogs', module: 'catalog/BlogsPage' },
  contact: { path: '/contact', module: 'catalog/ContactPage' },
  wishlist: { path: '/wishlist', module: 'catalog/WishlistPage' },
  compare: { path: '/compare', module: 'catalog/ComparePage' },
  cart: { path: '/cart', module: 'cart/CartPage', signedIn: true },
  checkout: { path: '/checkout', module: 'cart/CheckoutPage', signedIn: true },
  dashboard: { path: '/dashboard/*', module: 'dashboard/DashboardPage', signedIn: true },
} satisfies Record<string, RemotePageRoute>;

/** The remote page at `url` (a path with its query), with its path parameters; matched without the
 *  router, which this code runs before. */
export function remotePageAt(url: URL): { page: RemotePageRoute; params: Record<string, string> } | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  for (const page of Object.values(remotePages) as RemotePageRoute[]) {
    const pattern = page.path.split('/').filter(Boolean);
    const anyRest = pattern.at(-1) === '*';
    if (anyRest ? segments.length < pattern.length - 1 : segments.length !== pattern.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      if (part === '*') return true;
      if (!part.startsWith(':')) return part === segments[i];
      params[part.slice(1)] = decoded(segments[i]!);
      return true;
    });
    if (matches) return { page, params };
  }
  return undefined;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

import type { FirstRead } from '@bazar/web-kit';
import { HOME_PRODUCTS, productListPageRequest, productListPath } from '@bazar/contracts';

/** The URL of each first read a page may declare, from its address: the same URL the page's own
 *  RTK Query endpoint fetches, so the browser hands the preload to that fetch. */
export const firstReads: Record<FirstRead, (params: Record<string, string>, query: URLSearchParams) => string> = {
  homeProducts: () => `/api${productListPath(HOME_PRODUCTS)}`,
  productListPage: (_params, query) => `/api${productListPath(productListPageRequest(query))}`,
  productDetails: ({ id }) => `/api/product-details/${encodeURIComponent(id!)}`,
};

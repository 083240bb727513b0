// The product lists the storefront asks for, without zod: the shell's entry script builds the first
// read of a list page from this module before any app code arrives, and must not bring zod along.

/** The orders a product list can be in; without `sort`, the shelf's own order (oldest first), the
 *  order of the spec's plain `GET /products`. `popular` puts the most units ordered first. */
export const PRODUCT_SORTS = ['price-asc', 'price-desc', 'newest', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 48;
/** How many products match a list request, on every page (the body stays the spec's plain array). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** When a search finds nothing, searches close to it that would find something, each
 *  percent-encoded (`encodeURIComponent`), comma-separated, best first; absent when it found some.
 *  Here rather than beside the suggestions' schemas: the catalog's list endpoint reads it, and the
 *  storefront's code must not bring zod along. */
export const CLOSE_MATCHES_HEADER = 'x-close-matches';

/** One page of a product list, as the storefront asks for it (`GET /products`'s query). */
export interface ProductListRequest {
  q?: string;
  category?: string;
  sort?: ProductSort;
  page?: number;
  pageSize?: number;
}

/** The home page's products: the spec's 10 'Recently Sold Items' then 6 'Our Featured Items', the
 *  first 16 of the shelf. */
export const HOME_PRODUCTS: ProductListRequest = { pageSize: 16 };

/** `/products` with the request's query, its parameters always in one order: the page's fetch and
 *  the shell's preload of it ask for the same URL, so the browser hands the preload to the fetch. */
export function productListPath(request: ProductListRequest): string {
  const query = new URLSearchParams();
  for (const key of ['q', 'category', 'sort', 'page', 'pageSize'] as const) {
    const value = request[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `/products?${search}` : '/products';
}

const isSort = (value: string | null): value is ProductSort => (PRODUCT_SORTS as readonly (string | null)[]).includes(value);

/** The page of products a search or category page's address asks for
 *  (`/search?search=…&category=…&sort=…&page=…`): text beyond what the API takes is cut, an unknown
 *  sort is the shelf's order and a page that is not a whole number from 1 is the first. */
export function productListPageRequest(address: URLSearchParams): ProductListRequest & { page: number } {
  const text = (name: string, max: number) => address.get(name)?.trim().slice(0, max).trim() || undefined;
  const sort = address.get('sort');
  const page = Number(address.get('page'));
  return {
    q: text('search', 100),
    category: text('category', 60),
    sort: isSort(sort) ? sort : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * The addresses the renderer keeps rendered, and the name each is kept under: the file nginx serves
 * (infra/nginx/bazar.conf.template's $rendered_page says the same in nginx's words). Only the plain first
 * page of a category or a search: a sort, a later page or more parameters are client-rendered. A
 * product's page by the id the catalog gives it (lowercase hex), without a query.
 */
const STATIC_PAGE = /^\/(about|blogs|contact)$/;
const LIST_PAGE = /^\/search\?((?:category|search)=[A-Za-z0-9%+_-]{1,120})$/;
const PRODUCT_PAGE = /^\/product-details\/([0-9a-f]{24})$/;

/** Rendered ahead, in every language, whether asked for or not. */
export const AHEAD = ['/', '/about', '/blogs', '/contact'];

export function pageName(address: string): string | undefined {
  if (address === '/') return 'home';
  const page = STATIC_PAGE.exec(address)?.[1];
  if (page) return page;
  const list = LIST_PAGE.exec(address)?.[1];
  if (list) return `search/${list}`;
  const product = PRODUCT_PAGE.exec(address)?.[1];
  return product && `product/${product}`;
}

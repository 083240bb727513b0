/** The public API of spec.md section 7 (served by nginx under /api), and which service answers
 *  each path. `*` ends a prefix. Anonymous visitors may only read the catalog; every other call
 *  needs a signed-in user, and `admin` calls the admin role. */
export type ServiceName = 'catalog' | 'cart' | 'order' | 'user' | 'media';
export type Access = 'public-read' | 'user' | 'admin';

export interface Route {
  /** an express path: exact, or a prefix ending in `/*rest` */
  path: string;
  service: ServiceName;
  access: Access;
  /** a successful call may change the role of the user whose email ends the path */
  changesRole?: boolean;
}

const route = (path: string, service: ServiceName, access: Access, options: Pick<Route, 'changesRole'> = {}): Route => ({
  path: path.endsWith('/*') ? `${path}rest` : path,
  service,
  access,
  ...options,
});

export const ROUTES: readonly Route[] = [
  route('/products', 'catalog', 'public-read'),
  route('/products/suggestions', 'catalog', 'public-read'),
  route('/product-details/*', 'catalog', 'public-read'),
  route('/alloffers', 'catalog', 'public-read'),
  route('/offer', 'catalog', 'admin'),
  route('/addproducts', 'catalog', 'admin'),
  route('/addtocart', 'cart', 'user'),
  route('/myallcart/*', 'cart', 'user'),
  route('/deletecart/*', 'cart', 'user'),
  route('/cartquantity/*', 'cart', 'user'),
  route('/orderplace', 'order', 'user'),
  route('/myorders', 'order', 'user'),
  // confirm and cancel an order, and the live stream of its status; the order service tells a
  // shopper's own orders from an admin's reach
  route('/orders/*', 'order', 'user'),
  route('/allorders', 'order', 'admin'),
  route('/ordersummary', 'order', 'admin'),
  route('/orderstatus/*', 'order', 'admin'),
  // the first sign-in's sync may make the caller an admin (a realm admin's first record)
  route('/users/*', 'user', 'user', { changesRole: true }),
  route('/allusers', 'user', 'admin'),
  route('/makeadmin/*', 'user', 'admin', { changesRole: true }),
  route('/removeadmin/*', 'user', 'admin', { changesRole: true }),
  route('/delete/*', 'user', 'admin'),
  route('/admin/*', 'user', 'user'),
  route('/profiledata/*', 'user', 'user'),
  route('/myprofiledata/*', 'user', 'user'),
  route('/review', 'user', 'user'),
  route('/upload', 'media', 'user'),
];

// The authorisation matrix: every endpoint of the public API, with the answer each kind of caller
// gets. Bodies are chosen so that a cell's status shows the authorisation decision (an admin
// publishing with an empty body reaches validation: 400, past the role check) without filling the
// shop with test data.
import { PUBLIC_API } from '@bazar/contracts';

export type Caller = 'visitor' | 'shopper' | 'other' | 'admin';

/** What the rows refer to, filled in by the test's setup. */
export interface World {
  shopper: string;
  other: string;
  victim: string;
  victimId: string;
  productId: string;
  shopperLineId: () => string;
}

export interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the OpenAPI path of PUBLIC_API this row exercises */
  endpoint: string;
  path: (w: World) => string;
  body?: (w: World) => unknown;
  expect: Record<Caller, number>;
}

const everyone = (status: number) => ({ visitor: status, shopper: status, other: status, admin: status });
const adminOnly = (adminStatus: number) => ({ visitor: 401, shopper: 403, other: 403, admin: adminStatus });
const UNKNOWN_ORDER = '0123456789abcdef01234567';
const profile = { name: 'Rahima Begum', phone: '+8801712345678', address: 'House 12, Road 5, Dhanmondi, Dhaka', img: '/media/rahima.webp' };

/** In this order: the shopper's cart line exists before it is removed; the victim is promoted,
 *  demoted, then deleted. */
export const ROWS: Row[] = [
  { method: 'GET', endpoint: '/products', path: () => '/products', expect: everyone(200) },
  { method: 'GET', endpoint: '/products/suggestions', path: () => '/products/suggestions?q=rice', expect: everyone(200) },
  { method: 'GET', endpoint: '/product-details/{id}', path: (w) => `/product-details/${w.productId}`, expect: everyone(200) },
  { method: 'GET', endpoint: '/alloffers', path: () => '/alloffers', expect: everyone(200) },
  { method: 'POST', endpoint: '/offer', path: () => '/offer', body: () => ({}), expect: adminOnly(400) },
  { method: 'POST', endpoint: '/addproducts', path: () => '/addproducts', body: () => ({}), expect: adminOnly(400) },
  { method: 'PATCH', endpoint: '/products/{id}', path: (w) => `/products/${w.productId}`, body: () => ({}), expect: adminOnly(400) },
  // a wishlist is its owner's alone, whoever the caller (the user from the token, no email in the path)
  { method: 'GET', endpoint: '/wishlist', path: () => '/wishlist', expect: { visitor: 401, shopper: 200, other: 200, admin: 200 } },
  {
    method: 'PUT',
    endpoint: '/wishlist/{id}',
    path: (w) => `/wishlist/${w.productId}`,
    expect: { visitor: 401, shopper: 200, other: 200, admin: 200 },
  },
  {
    method: 'DELETE',
    endpoint: '/wishlist/{id}',
    path: (w) => `/wishlist/${w.productId}`,
    expect: { visitor: 401, shopper: 200, other: 200, admin: 200 },
  },
  { method: 'GET', endpoint: '/products/{id}/reviews', path: (w) => `/products/${w.productId}/reviews`, expect: everyone(200) },
  {
    method: 'GET',
    endpoint: '/my-product-reviews',
    path: () => '/my-product-reviews',
    expect: { visitor: 401, shopper: 200, other: 200, admin: 200 },
  },
  // no caller has received the product: the order service refuses every one, the admin too
  {
    method: 'PUT',
    endpoint: '/products/{id}/review',
    path: (w) => `/products/${w.productId}/review`,
    body: () => ({ rating: 5 }),
    expect: { visitor: 401, shopper: 403, other: 403, admin: 403 },
  },
  // the shopper's cart is empty here, so a well-formed order for them is refused for that reason
  {
    method: 'POST',
    endpoint: '/orderplace',
    path: () => '/orderplace',
    body: (w) => ({ name: 'Rahima', email: w.shopper }),
    expect: { visitor: 401, shopper: 400, other: 403, admin: 403 },
  },
  {
    method: 'POST',
    endpoint: '/addtocart',
    path: () => '/addtocart',
    body: (w) => ({ productId: w.productId, cartQuantity: 1 }),
    expect: { visitor: 401, shopper: 201, other: 201, admin: 201 },
  },
  {
    method: 'GET',
    endpoint: '/myallcart/{email}',
    path: (w) => `/myallcart/${w.shopper}`,
    expect: { visitor: 401, shopper: 200, other: 403, admin: 403 },
  },
  // another's cart line is answered like a missing one; the shopper's own goes last
  {
    method: 'PUT',
    endpoint: '/cartquantity/{id}',
    path: (w) => `/cartquantity/${w.shopperLineId()}`,
    body: () => ({ cartQuantity: 2 }),
    expect: { visitor: 401, other: 404, admin: 404, shopper: 200 },
  },
  {
    method: 'DELETE',
    endpoint: '/deletecart/{id}',
    path: (w) => `/deletecart/${w.shopperLineId()}`,
    expect: { visitor: 401, other: 404, admin: 404, shopper: 200 },
  },
  { method: 'GET', endpoint: '/myorders', path: () => '/myorders', expect: { visitor: 401, shopper: 200, other: 200, admin: 200 } },
  {
    method: 'PUT',
    endpoint: '/orders/{id}/confirm',
    path: () => `/orders/${UNKNOWN_ORDER}/confirm`,
    expect: { visitor: 401, shopper: 404, other: 404, admin: 404 },
  },
  {
    method: 'PUT',
    endpoint: '/orders/{id}/cancel',
    path: () => `/orders/${UNKNOWN_ORDER}/cancel`,
    expect: { visitor: 401, shopper: 404, other: 404, admin: 404 },
  },
  // an order, its receipt and Buy again: the caller's own orders only (after-order.int.test.ts holds
  // another shopper's order to the same 404 as a missing one)
  {
    method: 'GET',
    endpoint: '/orders/{id}',
    path: () => `/orders/${UNKNOWN_ORDER}`,
    expect: { visitor: 401, shopper: 404, other: 404, admin: 404 },
  },
  {
    method: 'GET',
    endpoint: '/orders/{id}/receipt',
    path: () => `/orders/${UNKNOWN_ORDER}/receipt?lang=bn`,
    expect: { visitor: 401, shopper: 404, other: 404, admin: 404 },
  },
  {
    method: 'POST',
    endpoint: '/orders/{id}/buy-again',
    path: () => `/orders/${UNKNOWN_ORDER}/buy-again`,
    expect: { visitor: 401, shopper: 404, other: 404, admin: 404 },
  },
  { method: 'GET', endpoint: '/allorders', path: () => '/allorders', expect: adminOnly(200) },
  { method: 'GET', endpoint: '/ordersummary', path: () => '/ordersummary', expect: adminOnly(200) },
  { method: 'GET', endpoint: '/salesreport', path: () => '/salesreport', expect: adminOnly(200) },
  // an export of no day: a header row only
  { method: 'GET', endpoint: '/allorders/export', path: () => '/allorders/export?from=2001-01-01&to=2001-01-01', expect: adminOnly(200) },
  { method: 'GET', endpoint: '/storesettings', path: () => '/storesettings', expect: adminOnly(200) },
  // an empty body reaches validation (400) without changing the store's threshold
  { method: 'PUT', endpoint: '/storesettings', path: () => '/storesettings', body: () => ({}), expect: adminOnly(400) },
  { method: 'GET', endpoint: '/lowstock', path: () => '/lowstock', expect: adminOnly(200) },
  {
    method: 'PUT',
    endpoint: '/orderstatus/{id}',
    path: () => `/orderstatus/${UNKNOWN_ORDER}`,
    body: () => ({ status: 'packed' }),
    expect: adminOnly(404),
  },
  {
    method: 'PUT',
    endpoint: '/users/{email}',
    path: (w) => `/users/${w.shopper}`,
    body: () => ({}),
    expect: { visitor: 401, shopper: 200, other: 403, admin: 403 },
  },
  { method: 'GET', endpoint: '/allusers', path: () => '/allusers', expect: adminOnly(200) },
  { method: 'GET', endpoint: '/allusers', path: () => '/allusers?q=bazar&page=1', expect: adminOnly(200) },
  {
    method: 'GET',
    endpoint: '/admin/{email}',
    path: (w) => `/admin/${w.shopper}`,
    expect: { visitor: 401, shopper: 200, other: 403, admin: 200 },
  },
  { method: 'PUT', endpoint: '/makeadmin/{email}', path: (w) => `/makeadmin/${w.victim}`, expect: adminOnly(200) },
  { method: 'PUT', endpoint: '/removeadmin/{email}', path: (w) => `/removeadmin/${w.victim}`, expect: adminOnly(200) },
  {
    method: 'GET',
    endpoint: '/myprofiledata/{email}',
    path: (w) => `/myprofiledata/${w.shopper}`,
    expect: { visitor: 401, shopper: 200, other: 403, admin: 403 },
  },
  {
    method: 'PUT',
    endpoint: '/profiledata/{email}',
    path: (w) => `/profiledata/${w.shopper}`,
    body: () => profile,
    expect: { visitor: 401, shopper: 200, other: 403, admin: 403 },
  },
  {
    method: 'POST',
    endpoint: '/review',
    path: () => '/review',
    body: () => ({ firstName: 'Rahima', lastName: 'Begum', des: 'Fresh fish, quick delivery.' }),
    expect: { visitor: 401, shopper: 201, other: 201, admin: 201 },
  },
  // the address book is its owner's alone (the user from the token); an empty body is refused by validation
  { method: 'GET', endpoint: '/addresses', path: () => '/addresses', expect: { visitor: 401, shopper: 200, other: 200, admin: 200 } },
  // the matrix's accounts are verified: no mail goes
  {
    method: 'POST',
    endpoint: '/email-verification',
    path: () => '/email-verification',
    expect: { visitor: 401, shopper: 409, other: 409, admin: 409 },
  },
  {
    method: 'POST',
    endpoint: '/addresses',
    path: () => '/addresses',
    body: () => ({}),
    expect: { visitor: 401, shopper: 400, other: 400, admin: 400 },
  },
  {
    method: 'PUT',
    endpoint: '/addresses/{id}',
    path: () => `/addresses/${UNKNOWN_ORDER}`,
    body: () => ({}),
    expect: { visitor: 401, shopper: 400, other: 400, admin: 400 },
  },
  {
    method: 'DELETE',
    endpoint: '/addresses/{id}',
    path: () => `/addresses/${UNKNOWN_ORDER}`,
    expect: { visitor: 401, shopper: 404, other: 404, admin: 404 },
  },
  {
    method: 'GET',
    endpoint: '/deliveryslots',
    path: () => '/deliveryslots',
    expect: { visitor: 401, shopper: 200, other: 200, admin: 200 },
  },
  { method: 'PUT', endpoint: '/deliveryslotcapacity', path: () => '/deliveryslotcapacity', body: () => ({}), expect: adminOnly(400) },
  {
    method: 'PUT',
    endpoint: '/deliveryslots/{slot}',
    path: () => '/deliveryslots/2026-12-08T08',
    body: () => ({}),
    expect: adminOnly(400),
  },
  { method: 'DELETE', endpoint: '/delete/{id}', path: (w) => `/delete/${w.victimId}`, expect: adminOnly(200) },
];

/** Endpoints of PUBLIC_API the matrix leaves out, and why. */
export const NOT_IN_MATRIX: Record<string, string> = {
  'POST /upload': 'the media service has no upload endpoint yet',
  'GET /orders/live': 'an answer that stays open; gateway/src/order-stream.int.test.ts checks who may open it',
};

export const rowName = (row: Row) => `${row.method} ${row.endpoint}`;
export const endpointNames = () => PUBLIC_API.map((e) => `${e.method.toUpperCase()} ${e.path}`);

/** A token that is not a valid sign-in reaches public reads (its token is ignored) and nothing else. */
export const invalidTokenStatus = (row: Row) => (row.expect.visitor === 200 ? 200 : 401);

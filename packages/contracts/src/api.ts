import { z } from 'zod';
import { LowStockQuery, OrderExportQuery, SalesReport, StoreSettings, StoreSettingsUpdate, UserListQuery } from './admin-reports';
import { BuyAgainAnswer, RECEIPT_CONTENT_TYPE, ReceiptQuery } from './after-order';
import { AddToCart, CartLine, CartLineList, CartStockRefusal, SetCartQuantity } from './cart';
import { NewOffer, NewProduct, OfferList, Product, ProductEdit, ProductList, ProductListQuery } from './catalog';
import { ProductSuggestionList, ProductSuggestionsQuery } from './product-search';
import { MyProductReview, MyProductReviewList, ProductReviewBody, ProductReviewList } from './product-reviews';
import { Wishlist, WishlistChange } from './wishlist';
import { DeleteAnswer, EmailParams, ErrorAnswer, IdParams, InsertAnswer, UpdateAnswer, type ServiceName } from './common';
import { IMAGE_UPLOAD, UploadAnswer, UploadLimitAnswer, type FileUpload } from './media';
import {
  AddressBook,
  AddressEntry,
  DeliverySlot,
  DeliverySlotList,
  DeliverySlotParams,
  SavedAddress,
  SetDefaultSlotCapacity,
  SetSlotCapacity,
} from './delivery';
import {
  CartAlreadyOrderedAnswer,
  HoldLimitAnswer,
  Order,
  OrderList,
  OrderListQuery,
  OrderMoveRefusal,
  OrderPage,
  OrderStreamHeaders,
  OrderSummary,
  OutOfStockAnswer,
  PlaceOrder,
  PlaceOrderAnswer,
  PlaceOrderHeaders,
  SetOrderStatus,
} from './order';
import {
  AdminAnswer,
  NewReview,
  ProfileList,
  ProfileUpdate,
  ProfileUpdateAnswer,
  SyncUser,
  SyncUserAnswer,
  UserList,
  VerificationMailAnswer,
} from './user';

/** Who may call an endpoint: anyone, a signed-in user, the user a path parameter names (see
 *  `owner`), or an admin (as the user service's record says). */
export type Access = 'public' | 'user' | 'owner' | 'admin';

/** Which of the gateway's per-minute budgets a call spends: every call counts against the overall
 *  one, a write also against the tighter budget for writes. */
export type RateLimitClass = 'read' | 'write';

/** An `owner` endpoint's owner: the path parameter that must be the caller's email, and the words
 *  another caller is refused with (403). */
export interface Owner {
  param: string;
  refusal: string;
}

/** One endpoint of the public API (mounted under /api by nginx), declared once: the gateway routes
 *  and checks access by it, the owning service implements it with the kit's `implement()`, and the
 *  gateway's OpenAPI document is generated from it. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style: `/makeadmin/{email}` */
  path: string;
  summary: string;
  service: ServiceName;
  access: Access;
  /** set exactly when access is `owner` */
  owner?: Owner;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** a multipart upload instead of a JSON body */
  upload?: FileUpload;
  /** the answer is a stream of Server-Sent Events that stays open, not one JSON body */
  stream?: true;
  /** a successful call may change the role of the user whose email the path ends with (the
   *  gateway forgets its cached role) */
  changesRole?: true;
  /** seconds nginx's micro-cache keeps a success for every caller (infra/nginx/bazar.conf.template); the
   *  answer must be the same for everyone */
  microCacheSeconds?: number;
  limit: RateLimitClass;
  /** the success answer and any answers beyond the ones every endpoint may give; JSON unless a
   *  `mediaType` says otherwise (a file: the schema then describes its text) */
  answers: Record<number, { description: string; schema: z.ZodType; mediaType?: string }>;
}

type Declared = Omit<Endpoint, 'limit' | 'access' | 'owner'> &
  ({ access: 'public' | 'user' | 'admin' } | { access: 'owner'; owner: Owner }) &
  Partial<Pick<Endpoint, 'limit'>>;

/** An endpoint as declared, its schemas' own types kept for `implement()` and the clients; a read
 *  unless said otherwise is a GET, anything else a write. */
export const endpoint = <const E extends Declared>(declared: E) =>
  ({ limit: declared.method === 'get' ? 'read' : 'write', ...declared }) as E & { limit: RateLimitClass };

/** The express path of an endpoint: `/makeadmin/:email`. */
export const expressPath = (endpoint: Pick<Endpoint, 'path'>) => endpoint.path.replace(/\{(\w+)\}/g, ':$1');

const ok = <S extends z.ZodType>(schema: S, description = 'Done') => ({ 200: { description, schema } });
const created = <S extends z.ZodType>(schema: S, description = 'Created') => ({ 201: { description, schema } });
const refused = (description: string, schema: z.ZodType = ErrorAnswer) => ({ description, schema });

const ownEmail = (refusal: string) => ({ access: 'owner', owner: { param: 'email', refusal } }) as const;

/** The public API of spec.md section 7, one declaration an endpoint, named as the storefront calls it. */
export const API = {
  listProducts: endpoint({
    method: 'get',
    path: '/products',
    summary:
      'Products: the whole shelf, or those matching q (name, description, category, Bangla name and description; ' +
      'any case and accents, one typo a word where the word finds nothing as typed; most relevant first unless sorted) and category, in the sort asked for; ' +
      'page and pageSize cut one page (pageSize at most 48) and X-Total-Count tells how many match; ' +
      'a search that finds nothing names close searches that would in X-Close-Matches',
    service: 'catalog',
    access: 'public',
    microCacheSeconds: 1,
    query: ProductListQuery,
    answers: ok(ProductList),
  }),
  suggestProducts: endpoint({
    method: 'get',
    path: '/products/suggestions',
    summary: 'At most 8 products for the search box as the shopper types q (the last word may be unfinished), best match first',
    service: 'catalog',
    access: 'public',
    microCacheSeconds: 1,
    query: ProductSuggestionsQuery,
    answers: ok(ProductSuggestionList),
  }),
  productDetails: endpoint({
    method: 'get',
    path: '/product-details/{id}',
    summary: 'One product',
    service: 'catalog',
    access: 'public',
    microCacheSeconds: 1,
    params: IdParams,
    answers: ok(Product),
  }),
  listOffers: endpoint({
    method: 'get',
    path: '/alloffers',
    summary: 'Offers',
    service: 'catalog',
    access: 'public',
    microCacheSeconds: 1,
    answers: ok(OfferList),
  }),
  publishOffer: endpoint({
    method: 'post',
    path: '/offer',
    summary: 'Publish an offer',
    service: 'catalog',
    access: 'admin',
    body: NewOffer,
    answers: created(InsertAnswer),
  }),
  publishProduct: endpoint({
    method: 'post',
    path: '/addproducts',
    summary: 'Publish a product',
    service: 'catalog',
    access: 'admin',
    body: NewProduct,
    answers: created(InsertAnswer),
  }),
  editProduct: endpoint({
    method: 'patch',
    path: '/products/{id}',
    summary:
      'Change a product: any of the fields it is published with, held to the same rules; a blank Bangla name or description takes it away',
    service: 'catalog',
    access: 'admin',
    params: IdParams,
    body: ProductEdit,
    answers: ok(Product, 'The product as it is now'),
  }),
  // the wishlist is kept by the catalog: its page shows products, as the shelf has them now
  myWishlist: endpoint({
    method: 'get',
    path: '/wishlist',
    summary: "The products in the caller's wishlist, the latest kept first",
    service: 'catalog',
    access: 'user',
    answers: ok(Wishlist),
  }),
  keepInWishlist: endpoint({
    method: 'put',
    path: '/wishlist/{id}',
    summary: "Keep a product in the caller's wishlist (kept already: nothing changes)",
    service: 'catalog',
    access: 'user',
    params: IdParams,
    answers: { ...ok(WishlistChange), 404: refused('No such product'), 409: refused('The wishlist is full') },
  }),
  dropFromWishlist: endpoint({
    method: 'delete',
    path: '/wishlist/{id}',
    summary: "Take a product out of the caller's wishlist (not in it: nothing changes)",
    service: 'catalog',
    access: 'user',
    params: IdParams,
    answers: { ...ok(WishlistChange), 404: refused('No such product') },
  }),
  productReviews: endpoint({
    method: 'get',
    path: '/products/{id}/reviews',
    summary: "A product's stars and its latest 50 reviews, newest first, by shoppers who received it",
    service: 'catalog',
    access: 'public',
    params: IdParams,
    answers: { ...ok(ProductReviewList), 404: refused('No such product') },
  }),
  myProductReviews: endpoint({
    method: 'get',
    path: '/my-product-reviews',
    summary: "The caller's own product reviews, newest first",
    service: 'catalog',
    access: 'user',
    answers: ok(MyProductReviewList),
  }),
  // the order service knows what a shopper received; it hands the review to the catalog to keep
  reviewProduct: endpoint({
    method: 'put',
    path: '/products/{id}/review',
    summary:
      "Rate a product 1 to 5 and say a few words, once an order of the caller's holding it is delivered; sent again, it replaces the caller's review",
    service: 'order',
    access: 'user',
    params: IdParams,
    body: ProductReviewBody,
    answers: {
      ...ok(MyProductReview, "The caller's review as kept"),
      403: refused('No delivered order of the caller holds the product'),
      404: refused('No such product'),
    },
  }),
  uploadImage: endpoint({
    method: 'post',
    path: '/upload',
    summary: 'Upload an image',
    service: 'media',
    // a shopper's profile picture as well as an admin's product pictures; a shopper's uploads a day
    // are counted (services/media SHOPPER_UPLOADS_PER_DAY), an admin's are not
    access: 'user',
    upload: IMAGE_UPLOAD,
    answers: {
      ...ok(UploadAnswer, 'The stored image'),
      413: refused('The image is too large', z.union([UploadLimitAnswer, ErrorAnswer])),
      // or the gateway's rate limit, as for every endpoint
      429: refused("A shopper's uploads for today are spent, or too many requests", z.union([UploadLimitAnswer, ErrorAnswer])),
    },
  }),
  addToCart: endpoint({
    method: 'post',
    path: '/addtocart',
    summary: 'Add a product to the cart, or more of it',
    service: 'cart',
    access: 'user',
    body: AddToCart,
    answers: {
      ...created(CartLine, 'A new cart line'),
      ...ok(CartLine, 'The grown cart line'),
      404: refused('No such product'),
      409: refused('Not enough stock', CartStockRefusal),
    },
  }),
  myCart: endpoint({
    method: 'get',
    path: '/myallcart/{email}',
    summary: "The caller's cart",
    service: 'cart',
    ...ownEmail('You can only see your own cart'),
    params: EmailParams,
    answers: ok(CartLineList),
  }),
  setCartQuantity: endpoint({
    method: 'put',
    path: '/cartquantity/{id}',
    summary: 'Set how many of a cart line the caller wants',
    service: 'cart',
    access: 'user',
    params: IdParams,
    body: SetCartQuantity,
    answers: { ...ok(CartLine, 'The updated cart line'), 409: refused('Not enough stock', CartStockRefusal) },
  }),
  removeCartLine: endpoint({
    method: 'delete',
    path: '/deletecart/{id}',
    summary: 'Remove a line from the cart',
    service: 'cart',
    access: 'user',
    params: IdParams,
    answers: ok(DeleteAnswer),
  }),
  placeOrder: endpoint({
    method: 'post',
    path: '/orderplace',
    summary: "Place the caller's cart as an order",
    service: 'order',
    access: 'user',
    headers: PlaceOrderHeaders,
    body: PlaceOrder,
    answers: {
      ...created(PlaceOrderAnswer),
      ...ok(PlaceOrderAnswer, 'The order this idempotency key already placed'),
      409: refused(
        'Not enough stock, this cart has already been ordered, the cart changed meanwhile, too many orders await confirmation, or the delivery slot is full or has started',
        z.union([OutOfStockAnswer, CartAlreadyOrderedAnswer, HoldLimitAnswer, ErrorAnswer]),
      ),
    },
  }),
  myOrders: endpoint({
    method: 'get',
    path: '/myorders',
    summary: "The caller's orders, newest first (the latest 50)",
    service: 'order',
    access: 'user',
    answers: ok(OrderList),
  }),
  // the order service tells a shopper's own orders from an admin's reach
  confirmOrder: endpoint({
    method: 'put',
    path: '/orders/{id}/confirm',
    summary: 'Confirm cash on delivery for a placed order of the caller',
    service: 'order',
    access: 'user',
    params: IdParams,
    answers: { ...ok(Order), 409: refused('The order is no longer placed', OrderMoveRefusal) },
  }),
  cancelOrder: endpoint({
    method: 'put',
    path: '/orders/{id}/cancel',
    summary: 'Cancel an order of the caller (until it is packed) or, for an admin, any order until it is delivered',
    service: 'order',
    access: 'user',
    params: IdParams,
    answers: { ...ok(Order), 409: refused('The order can no longer be cancelled', OrderMoveRefusal) },
  }),
  followOrders: endpoint({
    method: 'get',
    path: '/orders/live',
    summary: "Server-Sent Events: the caller's orders' status changes (an admin's: every order's)",
    service: 'order',
    access: 'user',
    // where a reconnecting browser left off: the changes it missed come first
    headers: OrderStreamHeaders,
    stream: true,
    answers: {
      200: {
        description:
          'text/event-stream of order-status events; it ends when the rights it was opened with end (the identity expires, the role changes, the account is deleted) and the client reconnects',
        schema: z.string(),
      },
      // the gateway's STREAMS_PER_ACCOUNT and STREAMS_PER_ADDRESS, every gateway together (issue 53)
      429: refused('Too many live streams are open for this account or address'),
    },
  }),
  // after /orders/live, which is no order id: routers meet the path in this order
  // the order service answers another shopper's order like a missing one (404), an admin's any
  myOrder: endpoint({
    method: 'get',
    path: '/orders/{id}',
    summary: "One order of the caller (an admin's: any order), for its receipt page",
    service: 'order',
    access: 'user',
    params: IdParams,
    answers: { ...ok(Order), 404: refused('No such order of the caller') },
  }),
  orderReceipt: endpoint({
    method: 'get',
    path: '/orders/{id}/receipt',
    summary: "An order's receipt as a PDF file, in English or Bangla (lang), for the order's shopper or an admin",
    service: 'order',
    access: 'user',
    // writing a PDF costs the service a few hundred milliseconds of CPU: counted against the tighter
    // budget of writes, which a shopper keeping receipts never reaches
    limit: 'write',
    params: IdParams,
    query: ReceiptQuery,
    answers: {
      200: { description: 'The receipt, to keep or print', schema: z.string(), mediaType: RECEIPT_CONTENT_TYPE },
      404: refused('No such order of the caller'),
    },
  }),
  buyAgain: endpoint({
    method: 'post',
    path: '/orders/{id}/buy-again',
    summary:
      "Put an earlier order's lines of the caller back into the cart at today's catalog prices; the answer names the lines " +
      'no longer sold, out of stock or short',
    service: 'order',
    access: 'user',
    params: IdParams,
    answers: { ...ok(BuyAgainAnswer), 404: refused('No such order of the caller') },
  }),
  allOrders: endpoint({
    method: 'get',
    path: '/allorders',
    summary: 'Orders, newest first, filtered and a page at a time',
    service: 'order',
    access: 'admin',
    query: OrderListQuery,
    answers: ok(OrderPage),
  }),
  orderSummary: endpoint({
    method: 'get',
    path: '/ordersummary',
    summary: "Today's orders and revenue, and orders per status",
    service: 'order',
    access: 'admin',
    answers: ok(OrderSummary),
  }),
  salesReport: endpoint({
    method: 'get',
    path: '/salesreport',
    summary: 'Orders and revenue per shop day for the last 30 days (Bangladesh time), and the ten best-selling products in them',
    service: 'order',
    access: 'admin',
    answers: ok(SalesReport),
  }),
  exportOrders: endpoint({
    method: 'get',
    path: '/allorders/export',
    summary: "The orders the Orders page's filters find, every one of them, newest first, as a CSV file (streamed)",
    service: 'order',
    access: 'admin',
    query: OrderExportQuery,
    // a file, streamed as it is made: UTF-8 with a byte order mark, a header row, one order a row
    answers: { 200: { description: 'The orders, one a row, with a header row', schema: z.string(), mediaType: 'text/csv' } },
  }),
  setOrderStatus: endpoint({
    method: 'put',
    path: '/orderstatus/{id}',
    summary: 'Move an order one step on, or cancel it',
    service: 'order',
    access: 'admin',
    params: IdParams,
    body: SetOrderStatus,
    answers: { ...ok(Order), 409: refused('The order cannot move to that status from where it stands', OrderMoveRefusal) },
  }),
  storeSettings: endpoint({
    method: 'get',
    path: '/storesettings',
    summary: "The store's settings the admin sets: the low-stock threshold",
    service: 'catalog',
    access: 'admin',
    answers: ok(StoreSettings),
  }),
  setStoreSettings: endpoint({
    method: 'put',
    path: '/storesettings',
    summary: "Set the store's settings: the low-stock threshold (a product with fewer units is low on stock; 0, none)",
    service: 'catalog',
    access: 'admin',
    body: StoreSettingsUpdate,
    answers: ok(StoreSettings),
  }),
  lowStock: endpoint({
    method: 'get',
    path: '/lowstock',
    summary: 'The products with fewer units than the low-stock threshold, fewest first, a page at a time; X-Total-Count tells how many',
    service: 'catalog',
    access: 'admin',
    query: LowStockQuery,
    answers: ok(ProductList),
  }),
  // the first sign-in's sync may make the caller an admin (a realm admin's first record)
  syncUser: endpoint({
    method: 'put',
    path: '/users/{email}',
    summary: "Sync the caller's own user record after sign-in",
    service: 'user',
    ...ownEmail('You can only sync your own account'),
    changesRole: true,
    params: EmailParams,
    body: SyncUser,
    answers: {
      ...created(SyncUserAnswer, 'First sign-in: the record was created'),
      ...ok(SyncUserAnswer, 'The record was updated'),
      409: refused('The account is being deleted'),
    },
  }),
  // the cart's and checkout's notice to an account that cannot order yet: its address is unverified
  resendVerificationMail: endpoint({
    method: 'post',
    path: '/email-verification',
    summary:
      "Mail the caller the link that verifies their email address again (Keycloak's verification mail), " +
      'at most once a minute; refused when the sign-in says the address is verified',
    service: 'user',
    access: 'user',
    answers: {
      ...ok(VerificationMailAnswer, 'The mail is on its way'),
      404: refused('The account has no record yet (it is made at the first sign-in)'),
      409: refused('The address is already verified'),
      429: refused('A verification mail went less than a minute ago'),
    },
  }),
  allUsers: endpoint({
    method: 'get',
    path: '/allusers',
    summary:
      'Every user; with page, pageSize or q, one page (oldest account first) of those whose email or name holds q, ' +
      'and X-Total-Count tells how many match',
    service: 'user',
    access: 'admin',
    query: UserListQuery,
    answers: ok(UserList),
  }),
  makeAdmin: endpoint({
    method: 'put',
    path: '/makeadmin/{email}',
    summary: 'Make a user an admin',
    service: 'user',
    access: 'admin',
    changesRole: true,
    params: EmailParams,
    answers: ok(UpdateAnswer),
  }),
  removeAdmin: endpoint({
    method: 'put',
    path: '/removeadmin/{email}',
    summary: 'Make an admin a plain user again',
    service: 'user',
    access: 'admin',
    changesRole: true,
    params: EmailParams,
    answers: { ...ok(UpdateAnswer), 409: refused('The last admin cannot be demoted') },
  }),
  deleteUser: endpoint({
    method: 'delete',
    path: '/delete/{id}',
    summary: 'Delete a user and their sign-in account',
    service: 'user',
    access: 'admin',
    params: IdParams,
    answers: { ...ok(DeleteAnswer), 409: refused('An admin cannot delete their own account, nor the last admin') },
  }),
  isAdmin: endpoint({
    method: 'get',
    path: '/admin/{email}',
    summary: 'Whether a user is an admin (the caller, or any user for an admin)',
    service: 'user',
    access: 'user',
    params: EmailParams,
    answers: ok(AdminAnswer),
  }),
  myProfile: endpoint({
    method: 'get',
    path: '/myprofiledata/{email}',
    summary: "The caller's profile",
    service: 'user',
    ...ownEmail('You can only see and change your own profile'),
    params: EmailParams,
    answers: ok(ProfileList),
  }),
  updateProfile: endpoint({
    method: 'put',
    path: '/profiledata/{email}',
    summary: "Update the caller's profile",
    service: 'user',
    ...ownEmail('You can only see and change your own profile'),
    params: EmailParams,
    body: ProfileUpdate,
    answers: ok(ProfileUpdateAnswer),
  }),
  sendReview: endpoint({
    method: 'post',
    path: '/review',
    summary: 'Send a review',
    service: 'user',
    access: 'user',
    body: NewReview,
    answers: created(InsertAnswer),
  }),
  // where and when to deliver (issue 54): the shopper's address book, and the delivery slots
  myAddresses: endpoint({
    method: 'get',
    path: '/addresses',
    summary: "The caller's delivery addresses, the default first",
    service: 'user',
    access: 'user',
    answers: ok(AddressBook),
  }),
  addAddress: endpoint({
    method: 'post',
    path: '/addresses',
    summary: "Add a delivery address to the caller's book; the first one, or one sent with makeDefault, becomes the default",
    service: 'user',
    access: 'user',
    body: AddressEntry,
    answers: { ...created(SavedAddress), 409: refused('The address book is full') },
  }),
  editAddress: endpoint({
    method: 'put',
    path: '/addresses/{id}',
    summary: "Replace one of the caller's delivery addresses; makeDefault makes it the default",
    service: 'user',
    access: 'user',
    params: IdParams,
    body: AddressEntry,
    answers: { ...ok(SavedAddress), 404: refused('No such address') },
  }),
  removeAddress: endpoint({
    method: 'delete',
    path: '/addresses/{id}',
    summary: "Remove one of the caller's delivery addresses; if it was the default, the newest one left becomes it",
    service: 'user',
    access: 'user',
    params: IdParams,
    answers: { ...ok(DeleteAnswer), 404: refused('No such address') },
  }),
  deliverySlots: endpoint({
    method: 'get',
    path: '/deliveryslots',
    summary:
      "Today's and tomorrow's delivery slots (two hours each, 8:00 to 22:00 Bangladesh time): capacity, places taken and whether each is offered",
    service: 'order',
    access: 'user',
    answers: ok(DeliverySlotList),
  }),
  setDefaultSlotCapacity: endpoint({
    method: 'put',
    path: '/deliveryslotcapacity',
    summary: 'Set how many orders a delivery slot takes unless its own capacity is set',
    service: 'order',
    access: 'admin',
    body: SetDefaultSlotCapacity,
    answers: ok(DeliverySlotList),
  }),
  setSlotCapacity: endpoint({
    method: 'put',
    path: '/deliveryslots/{slot}',
    summary: "Set one slot's capacity (today's or tomorrow's), or null for the default again",
    service: 'order',
    access: 'admin',
    params: DeliverySlotParams,
    body: SetSlotCapacity,
    answers: { ...ok(DeliverySlot), 404: refused('No such slot today or tomorrow') },
  }),
};

export const PUBLIC_API: readonly Endpoint[] = Object.values(API);

/** A declared endpoint's name: `API`'s key, as the storefront's api calls it. */
export type EndpointName = keyof typeof API;

/** The parts of a call of an endpoint as a client sends them: its declared params, query, headers
 *  and body, each as its schema takes it. */
export type CallParts<E> = {
  [P in 'params' | 'query' | 'headers' | 'body' as E extends Record<P, z.ZodType> ? P : never]: E extends Record<
    P,
    infer S extends z.ZodType
  >
    ? z.input<S>
    : never;
};

/** What a successful call of an endpoint answers: its 200's body, else its 201's. */
export type SuccessAnswer<E extends { answers: object }> = z.output<
  E['answers'] extends { 200: { schema: infer S extends z.ZodType } }
    ? S
    : E['answers'] extends { 201: { schema: infer S extends z.ZodType } }
      ? S
      : z.ZodUnknown
>;

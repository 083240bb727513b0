import { z } from 'zod';
import { AddToCart, CartLine, CartLineList, SetCartQuantity } from './cart';
import { NewOffer, NewProduct, OfferList, Product, ProductList, ProductListQuery } from './catalog';
import { ProductSuggestionList, ProductSuggestionsQuery } from './product-search';
import { DeleteAnswer, EmailParams, ErrorAnswer, IdParams, InsertAnswer, UpdateAnswer } from './common';
import { IMAGE_UPLOAD, UploadAnswer, type FileUpload } from './media';
import {
  CartAlreadyOrderedAnswer,
  Order,
  OrderList,
  OrderListQuery,
  OrderMoveRefusal,
  OrderPage,
  OrderSummary,
  OutOfStockAnswer,
  PlaceOrder,
  PlaceOrderAnswer,
  PlaceOrderHeaders,
  SetOrderStatus,
} from './order';
import { AdminAnswer, NewReview, ProfileList, ProfileUpdate, ProfileUpdateAnswer, SyncUser, SyncUserAnswer, UserList } from './user';

/** Who may call an endpoint: anyone, a signed-in user, or an admin (decided by the user service). */
export type Access = 'public' | 'user' | 'admin';

/** One endpoint of the public API (mounted under /api by nginx), described once so that the
 *  gateway's OpenAPI document is generated from the same schemas the services validate with. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/makeadmin/{email}` */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** a multipart upload instead of a JSON body */
  upload?: FileUpload;
  /** the answer is a stream of Server-Sent Events that stays open, not one JSON body */
  stream?: true;
  /** the success answer and any answers beyond the ones every endpoint may give */
  answers: Record<number, { description: string; schema: z.ZodType }>;
}

const ok = (schema: z.ZodType, description = 'Done') => ({ 200: { description, schema } });
const created = (schema: z.ZodType, description = 'Created') => ({ 201: { description, schema } });
const refused = (description: string, schema: z.ZodType = ErrorAnswer) => ({ description, schema });

export const PUBLIC_API: readonly Endpoint[] = [
  {
    method: 'get',
    path: '/products',
    summary:
      'Products: the whole shelf, or those matching q (name, description, category, Bangla name and description; ' +
      'any case and accents, one typo a word; most relevant first unless sorted) and category, in the sort asked for; ' +
      'page and pageSize cut one page (pageSize at most 48) and X-Total-Count tells how many match; ' +
      'a search that finds nothing names close searches that would in X-Close-Matches',
    access: 'public',
    query: ProductListQuery,
    answers: ok(ProductList),
  },
  {
    method: 'get',
    path: '/products/suggestions',
    summary: 'At most 8 products for the search box as the shopper types q (the last word may be unfinished), best match first',
    access: 'public',
    query: ProductSuggestionsQuery,
    answers: ok(ProductSuggestionList),
  },
  { method: 'get', path: '/product-details/{id}', summary: 'One product', access: 'public', params: IdParams, answers: ok(Product) },
  { method: 'get', path: '/alloffers', summary: 'Offers', access: 'public', answers: ok(OfferList) },
  { method: 'post', path: '/offer', summary: 'Publish an offer', access: 'admin', body: NewOffer, answers: created(InsertAnswer) },
  { method: 'post', path: '/addproducts', summary: 'Publish a product', access: 'admin', body: NewProduct, answers: created(InsertAnswer) },
  {
    method: 'post',
    path: '/upload',
    summary: 'Upload an image',
    access: 'user',
    upload: IMAGE_UPLOAD,
    answers: { ...ok(UploadAnswer, 'The stored image'), 413: refused('The image is too large') },
  },
  {
    method: 'post',
    path: '/addtocart',
    summary: 'Add a product to the cart, or more of it',
    access: 'user',
    body: AddToCart,
    answers: {
      ...created(CartLine, 'A new cart line'),
      ...ok(CartLine, 'The grown cart line'),
      404: refused('No such product'),
      409: refused('Not enough stock'),
    },
  },
  {
    method: 'get',
    path: '/myallcart/{email}',
    summary: "The caller's cart",
    access: 'user',
    params: EmailParams,
    answers: ok(CartLineList),
  },
  {
    method: 'put',
    path: '/cartquantity/{id}',
    summary: 'Set how many of a cart line the caller wants',
    access: 'user',
    params: IdParams,
    body: SetCartQuantity,
    answers: { ...ok(CartLine, 'The updated cart line'), 409: refused('Not enough stock') },
  },
  {
    method: 'delete',
    path: '/deletecart/{id}',
    summary: 'Remove a line from the cart',
    access: 'user',
    params: IdParams,
    answers: ok(DeleteAnswer),
  },
  {
    method: 'post',
    path: '/orderplace',
    summary: "Place the caller's cart as an order",
    access: 'user',
    headers: PlaceOrderHeaders,
    body: PlaceOrder,
    answers: {
      ...created(PlaceOrderAnswer),
      ...ok(PlaceOrderAnswer, 'The order this idempotency key already placed'),
      409: refused(
        'Not enough stock, this cart has already been ordered, the cart changed meanwhile, or too many orders await confirmation',
        z.union([OutOfStockAnswer, CartAlreadyOrderedAnswer, ErrorAnswer]),
      ),
    },
  },
  {
    method: 'get',
    path: '/myorders',
    summary: "The caller's orders, newest first (the latest 50)",
    access: 'user',
    answers: ok(OrderList),
  },
  {
    method: 'put',
    path: '/orders/{id}/confirm',
    summary: 'Confirm cash on delivery for a placed order of the caller',
    access: 'user',
    params: IdParams,
    answers: { ...ok(Order), 409: refused('The order is no longer placed', OrderMoveRefusal) },
  },
  {
    method: 'put',
    path: '/orders/{id}/cancel',
    summary: 'Cancel an order of the caller (until it is packed) or, for an admin, any order until it is delivered',
    access: 'user',
    params: IdParams,
    answers: { ...ok(Order), 409: refused('The order can no longer be cancelled', OrderMoveRefusal) },
  },
  {
    method: 'get',
    path: '/orders/live',
    summary: "Server-Sent Events: the caller's orders' status changes (an admin's: every order's)",
    access: 'user',
    stream: true,
    answers: { 200: { description: 'text/event-stream of order-status events', schema: z.string() } },
  },
  {
    method: 'get',
    path: '/allorders',
    summary: 'Orders, newest first, filtered and a page at a time',
    access: 'admin',
    query: OrderListQuery,
    answers: ok(OrderPage),
  },
  {
    method: 'get',
    path: '/ordersummary',
    summary: "Today's orders and revenue, and orders per status",
    access: 'admin',
    answers: ok(OrderSummary),
  },
  {
    method: 'put',
    path: '/orderstatus/{id}',
    summary: 'Move an order one step on, or cancel it',
    access: 'admin',
    params: IdParams,
    body: SetOrderStatus,
    answers: { ...ok(Order), 409: refused('The order cannot move to that status from where it stands', OrderMoveRefusal) },
  },
  {
    method: 'put',
    path: '/users/{email}',
    summary: "Sync the caller's own user record after sign-in",
    access: 'user',
    params: EmailParams,
    body: SyncUser,
    answers: {
      ...created(SyncUserAnswer, 'First sign-in: the record was created'),
      ...ok(SyncUserAnswer, 'The record was updated'),
      409: refused('The account is being deleted'),
    },
  },
  { method: 'get', path: '/allusers', summary: 'Every user', access: 'admin', answers: ok(UserList) },
  {
    method: 'put',
    path: '/makeadmin/{email}',
    summary: 'Make a user an admin',
    access: 'admin',
    params: EmailParams,
    answers: ok(UpdateAnswer),
  },
  {
    method: 'put',
    path: '/removeadmin/{email}',
    summary: 'Make an admin a plain user again',
    access: 'admin',
    params: EmailParams,
    answers: { ...ok(UpdateAnswer), 409: refused('The last admin cannot be demoted') },
  },
  {
    method: 'delete',
    path: '/delete/{id}',
    summary: 'Delete a user and their sign-in account',
    access: 'admin',
    params: IdParams,
    answers: { ...ok(DeleteAnswer), 409: refused('An admin cannot delete their own account, nor the last admin') },
  },
  {
    method: 'get',
    path: '/admin/{email}',
    summary: 'Whether a user is an admin (the caller, or any user for an admin)',
    access: 'user',
    params: EmailParams,
    answers: ok(AdminAnswer),
  },
  {
    method: 'get',
    path: '/myprofiledata/{email}',
    summary: "The caller's profile",
    access: 'user',
    params: EmailParams,
    answers: ok(ProfileList),
  },
  {
    method: 'put',
    path: '/profiledata/{email}',
    summary: "Update the caller's profile",
    access: 'user',
    params: EmailParams,
    body: ProfileUpdate,
    answers: ok(ProfileUpdateAnswer),
  },
  { method: 'post', path: '/review', summary: 'Send a review', access: 'user', body: NewReview, answers: created(InsertAnswer) },
];

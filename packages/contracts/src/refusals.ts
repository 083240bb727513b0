import { z } from 'zod';

/**
 * Every refusal the store answers, by its stable code: an error answer carries one in `code` beside
 * its English words in `error`, and the apps word it in the page's language by this code, never by
 * the English, which may be reworded at any time. A code is kebab-case and, once published, never
 * renamed or given another meaning; a new kind of refusal gets a new code (and its text in the apps'
 * `refusals` messages, which a test keeps complete). Each says when it is answered; the fields named
 * are further fields of that answer, which the apps' wording may use.
 */
export const REFUSALS = {
  // the request itself
  'invalid-request': 'A part of the request is not as the endpoint takes it; `fields` names each refused body field',
  'unreadable-request':
    'The request could not be read: a body that is not JSON or not encoded as it says, an address not validly percent-encoded, headers too large',
  'address-too-long': 'The address (path and query) or the headers are longer than the store reads',
  'request-timeout': 'The request did not arrive in time',
  'body-too-large': 'The request body is larger than the endpoint takes',
  'unsupported-media-type': 'The request body is not of the type the endpoint takes',
  'method-not-allowed': 'The endpoint does not take this method',
  'no-such-endpoint': 'No endpoint at this path and method',
  'no-such-page': 'No such page',
  // who is asking
  'sign-in-first': 'The endpoint needs a signed-in caller and none is',
  'sign-in-again': 'The sign-in the request carries is not valid (expired, altered, for another service)',
  'account-deleted': 'The signed-in account has been deleted',
  forbidden: 'The caller may not do this',
  'admin-only': 'Only an admin may do this',
  'own-account-only': "The request names another account than the caller's",
  'services-only': "Only the store's own services may call this",
  // how often
  'too-many-requests': 'Too many requests from this caller; `Retry-After` says when to try again',
  'too-many-sign-in-attempts': 'Too many wrong passwords; `minutes` (when known) says how long to wait',
  'too-many-streams': 'As many live streams are open for this account or address as it may have (`limit`)',
  'upload-limit-reached': 'The account has uploaded as many images today as it may (`limit`)',
  // things that are not there
  'not-found': 'Nothing of that kind has this id or name',
  'no-such-product': 'No such product',
  'no-such-user': 'No such user',
  'no-such-order': 'No such order of the caller',
  'no-such-address': 'No such address in the address book',
  'no-such-cart-line': 'No such line in the cart',
  'no-such-slot': 'No such delivery slot today or tomorrow',
  'product-no-longer-sold': 'The product is no longer sold',
  // written meanwhile
  'already-exists': 'That already exists',
  'changed-meanwhile': 'What the request changes was changed by another request at the same moment; send it again',
  // the store's limits and rules
  'cart-empty': 'The cart is empty',
  'not-enough-stock': 'The shelf holds fewer of the product than asked (`available`)',
  'out-of-stock': 'Some products of the order are not on the shelf in the quantity ordered (`items`, each with `available`)',
  'order-withdrawn': 'The order was withdrawn while it was being placed; place it again',
  'cart-already-ordered': 'The cart has just been ordered',
  'cart-changed-during-order': 'The cart changed while the order was being placed',
  'order-still-placing': 'An earlier press of Place Order is still being placed',
  'idempotency-key-reused': 'The Idempotency-Key was already used for another order',
  'email-not-verified': 'The email address (`email`) is not verified yet, which ordering needs',
  'email-already-verified': 'The email address is already verified: no verification mail is sent',
  'verification-mail-recent': 'A verification mail went to the address less than a minute ago',
  'hold-limit-reached': 'The shopper already holds as many orders waiting for confirmation as the store allows (`limit`)',
  'slot-full': 'The delivery slot is full (`slot`)',
  'slot-past': 'The delivery slot has already started (`slot`)',
  'slot-not-offered': 'Delivery slots can be chosen for today and tomorrow only (`slot`)',
  'order-move-refused': 'The order cannot move as asked from where it stands (`status`; `to`, the status asked for)',
  'review-needs-delivery': 'A product can be reviewed once an order holding it has been delivered',
  'wishlist-full': 'The wishlist holds as many products as it can (`limit`)',
  'address-book-full': 'The address book holds as many addresses as it can (`limit`)',
  'last-admin': 'The change would leave the store without an admin',
  'cannot-delete-own-account': 'An admin cannot delete their own account',
  'account-being-deleted': 'The account is being deleted',
  // images
  'image-missing': 'The upload carries no image in its form field',
  'upload-form-malformed': 'The upload form could not be read',
  'image-too-large': 'The image is larger than the store takes (`limit`, in MB)',
  'image-type-not-accepted': 'Only JPEG, PNG or WebP images are accepted',
  'image-damaged': 'The image is damaged or incomplete',
  'not-an-uploaded-image': 'The picture named is not an image uploaded to the store',
  // the sign-in form
  'sign-in-form-unreadable': 'The sign-in form could not be read as sent',
  'email-required': 'The sign-in form names no email address',
  // the store cannot answer now (5xx): try again
  'database-away': 'The service cannot reach its database just now; `Retry-After` says when to try again',
  'service-away': 'A service of the store is unavailable just now; try again shortly',
  'service-timeout': 'A service of the store did not answer in time',
  'store-busy': 'The store is too busy to do this just now; try again',
  'sign-in-away': 'Signing in is not available just now; try again shortly',
  'receipt-not-ready': 'The receipt could not be written just now; try again shortly',
  'order-not-completed': 'The order could not be completed (or an earlier attempt at it is being undone); try again shortly',
  'not-ready': 'The service is not ready to serve (its readiness answer)',
  internal: 'An unexpected error; the answer says nothing more',
} as const satisfies Record<string, string>;

export type RefusalCode = keyof typeof REFUSALS;
export const REFUSAL_CODES = Object.keys(REFUSALS) as [RefusalCode, ...RefusalCode[]];

/** The code of a refusal, as the answers and the OpenAPI document carry it. */
export const RefusalCode = z.enum(REFUSAL_CODES).meta({
  description: 'What was refused, stable across releases (the apps word it by this code); the catalogue is REFUSALS in @bazar/contracts',
});

// The cart's limits and names the storefront uses at run time, without zod (see order-steps.ts).

export const MAX_LINE_QUANTITY = 99;

/** The answer header of `GET /myallcart/{email}` that names the cart's revision, a number raised by
 *  every change of its lines. An order claims the revision it was placed from, so one state of a
 *  cart becomes at most one order. It is a true entity tag: the lines answered follow from it. */
export const CART_REVISION_HEADER = 'etag';

/** 409 answer to Add to Cart when other writes to the same line kept getting in first. */
export const CART_KEPT_CHANGING = 'Your cart kept changing; try again';

// The wishlist's and the product reviews' limits and words the storefront uses at run time, without
// zod (see order-steps.ts).

/** How many products one shopper's wishlist holds at most. */
export const MAX_WISHLIST_PRODUCTS = 200;

/** A product review's stars, and how long its words may be. */
export const LOWEST_RATING = 1;
export const HIGHEST_RATING = 5;
export const MAX_REVIEW_TEXT = 1000;

/** 403 answer to a review of a product the shopper has not received: the order service finds no
 *  delivered order of theirs holding it. */
export const REVIEW_NEEDS_DELIVERY = 'You can review a product once an order of yours holding it has been delivered';

/** 409 answer to adding one more product to a full wishlist. */
export const WISHLIST_FULL = `Your wishlist holds ${MAX_WISHLIST_PRODUCTS} products, the most it can; remove one first`;

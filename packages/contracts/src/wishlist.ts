import { z } from 'zod';
import { ObjectIdString } from './common';
import { ProductList } from './catalog';
import { MAX_WISHLIST_PRODUCTS } from './shopper-limits';

/** GET /wishlist: the products the shopper keeps, the latest kept first; a product the store no
 *  longer sells is left out. */
export const Wishlist = z.object({ products: ProductList });
export type Wishlist = z.infer<typeof Wishlist>;

/** PUT and DELETE /wishlist/{id}: where the product stands now, and how many the wishlist holds. */
export const WishlistChange = z.object({
  productId: ObjectIdString,
  kept: z.boolean(),
  count: z.number().int().min(0).max(MAX_WISHLIST_PRODUCTS),
});
export type WishlistChange = z.infer<typeof WishlistChange>;

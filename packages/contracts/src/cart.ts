import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart-limits';
import { Email, ErrorAnswer, ObjectIdString } from './common';

/** One product in a shopper's cart, with the catalog's name, price and image copied in when added. */
export const CartLine = z.object({
  _id: ObjectIdString,
  productId: ObjectIdString,
  cartimage: z.string(),
  cartName: z.string(),
  /** the product's Bangla name, when it has one */
  cartName_bn: z.string().optional(),
  /** taka, per piece */
  cartPrice: z.number(),
  cartDes: z.string(),
  cartQuantity: z.number().int(),
  userEmail: z.string(),
});
export type CartLine = z.infer<typeof CartLine>;
export const CartLineList = z.array(CartLine);

export const cartRevisionTag = (revision: number) => `"${revision}"`;
export const CartRevisionTag = z
  .string()
  .regex(/^"\d+"$/, 'the cart revision must be a quoted number')
  .transform((tag) => Number(tag.slice(1, -1)));

/** The spec's add-to-cart body plus the product id. Name, price, image and description are taken
 *  from the catalog, so the copies a client sends are accepted and ignored. */
export const AddToCart = z.strictObject({
  productId: ObjectIdString,
  cartQuantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  userEmail: Email.optional(),
  cartimage: z.unknown().optional(),
  cartName: z.unknown().optional(),
  cartPrice: z.unknown().optional(),
  cartDes: z.unknown().optional(),
});
export type AddToCart = z.infer<typeof AddToCart>;

/** Beyond the spec: sets a cart line's quantity (the cart page's + and −), up to the stock. */
export const SetCartQuantity = z.strictObject({
  cartQuantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});
export type SetCartQuantity = z.infer<typeof SetCartQuantity>;

/** 409 answer when a cart line would hold more than the shelf: `error` in words ('Only 2 of Hilsa
 *  left'), named under `cartQuantity`, and `available`, how many the shelf holds, for a screen to word
 *  it in its own language. */
export const CartStockRefusal = ErrorAnswer.extend({ code: z.literal('not-enough-stock'), available: z.number().int().min(0) });
export type CartStockRefusal = z.infer<typeof CartStockRefusal>;

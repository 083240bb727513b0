import { z } from 'zod';
import { CartLine } from './cart';
import { Email, ObjectIdString } from './common';
import { ShopLanguage } from './user';

// After an order (issue 54, items 5 and 6): the same basket again, and a receipt to keep.

/** A line of an earlier order that could not go back into the cart as it was: the product is no
 *  longer sold (`available` 0, `sold` false), out of stock (`available` 0), or has fewer pieces
 *  than ordered (`available` of them went in). `name`/`name_bn` are the order's, for a screen. */
export const BuyAgainShortfall = z.object({
  productId: ObjectIdString,
  name: z.string(),
  name_bn: z.string().optional(),
  requested: z.number().int(),
  /** how many of it are in the cart now because of this call (0 when none went in) */
  added: z.number().int(),
  sold: z.boolean(),
});
export type BuyAgainShortfall = z.infer<typeof BuyAgainShortfall>;

/** POST /orders/{id}/buy-again: the cart's lines that this call added to or made (at the catalog's
 *  prices now, never the order's), and the order's lines that could not come back whole. */
export const BuyAgainAnswer = z.object({ lines: z.array(CartLine), shortfalls: z.array(BuyAgainShortfall) });
export type BuyAgainAnswer = z.infer<typeof BuyAgainAnswer>;

/** Internal (order service → cart service): put these pieces on the shopper's cart, as many of each
 *  as the shelf and the cart's line limit allow; prices are the catalog's. */
export const CartRefill = z.strictObject({
  email: Email,
  items: z
    .array(z.strictObject({ productId: ObjectIdString, quantity: z.number().int().positive() }))
    .min(1)
    .max(500),
});
export type CartRefill = z.infer<typeof CartRefill>;
/** The cart's answer to a refill: each line it wrote, and for each product asked for how many went
 *  in and whether it is still sold. */
export const CartRefillAnswer = z.object({
  lines: z.array(CartLine),
  items: z.array(z.object({ productId: ObjectIdString, requested: z.number().int(), added: z.number().int(), sold: z.boolean() })),
});
export type CartRefillAnswer = z.infer<typeof CartRefillAnswer>;

/** GET /orders/{id}/receipt: the language the PDF is written in (the store's, English unless asked). */
export const ReceiptQuery = z.strictObject({ lang: ShopLanguage.default('en') });
export type ReceiptQuery = z.infer<typeof ReceiptQuery>;

export const RECEIPT_CONTENT_TYPE = 'application/pdf';

import { z } from 'zod';
import { BdMobilePhone, Email, ObjectIdString } from './common';

/** The spec's order body. Only who and where are used: the lines come from the shopper's cart
 *  and every amount is recomputed by the order service, so `total` and `mycart` are advisory. */
export const PlaceOrder = z.object({
  name: z.string().trim().min(1, 'name is required').max(120),
  email: Email,
  phone: z.union([z.literal(''), BdMobilePhone]).optional(),
  addinfo: z.string().trim().max(1000).optional(),
  total: z.number().optional(),
  mycart: z.array(z.unknown()).max(500).optional(),
});
export type PlaceOrder = z.infer<typeof PlaceOrder>;

/** A client-chosen key so that a retried or double-clicked Place Order creates one order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const PlaceOrderHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
    .optional(),
});

export const OrderStatus = z.enum(['pending-payment', 'confirmed']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderItem = z.object({
  productId: ObjectIdString,
  name: z.string(),
  img: z.string(),
  /** taka */
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** taka */
  lineTotal: z.number(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** An order as the API answers it; amounts in taka. */
export const Order = z.object({
  _id: ObjectIdString,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  addinfo: z.string(),
  items: z.array(OrderItem),
  subtotal: z.number(),
  vat: z.number(),
  delivery: z.number(),
  total: z.number(),
  status: OrderStatus,
  placedAt: z.string(),
});
export type Order = z.infer<typeof Order>;
export const OrderList = z.array(Order);

export const PlaceOrderAnswer = z.object({ acknowledged: z.boolean(), insertedId: ObjectIdString, order: Order });
export type PlaceOrderAnswer = z.infer<typeof PlaceOrderAnswer>;

/** 409 answer when the cart asks for more than the shelf holds. */
export const OutOfStockItem = z.object({ productId: ObjectIdString, name: z.string(), requested: z.number(), available: z.number() });
export const OutOfStockAnswer = z.object({ error: z.string(), items: z.array(OutOfStockItem) });
export type OutOfStockAnswer = z.infer<typeof OutOfStockAnswer>;

/** 409 answer when this very cart, unchanged, has already become an order: placed from another tab,
 *  or by a client that sent a new Idempotency-Key. */
export const CART_ALREADY_ORDERED = 'This cart has just been ordered; see My Orders';
export const CartAlreadyOrderedAnswer = z.object({ error: z.literal(CART_ALREADY_ORDERED) });

import { z } from 'zod';
import { BdMobilePhone, Email, ObjectIdString, PersonName } from './common';
import { CartLine } from './cart';
import { DeliveryAddress, DeliverySlotId } from './delivery';
import { ProductList } from './catalog';
import { CART_ALREADY_ORDERED, IDEMPOTENCY_KEY_HEADER, ORDER_ACTORS, ORDER_STATUSES, ORDER_STREAM_POSITION_PATTERN } from './order-steps';

/** A line of `mycart`: the cart's line as the cart answered it (CartLine), every key optional. It is
 *  not used, but a key the store does not know (`$where`, `role`) is refused like anywhere else
 *  (SECURITY.md: unknown keys are refused, not ignored). */
export const PlaceOrderCartLine = z.strictObject(CartLine.partial().shape);

/** The spec's order body. Only who and where are used: the lines come from the shopper's cart
 *  and every amount is recomputed by the order service, so `total` and `mycart` are advisory. */
export const PlaceOrder = z.strictObject({
  name: PersonName(120).min(1, 'name is required'),
  email: Email,
  phone: z.union([z.literal(''), BdMobilePhone]).optional(),
  addinfo: z.string().trim().max(1000).optional(),
  /** where to deliver: a copy of an address of the shopper's book (or a new one), checked as one */
  address: DeliveryAddress.optional(),
  /** when to deliver: one of the slots offered now (GET /deliveryslots); a full or past one is
   *  refused (409) and nothing is ordered */
  slot: DeliverySlotId.optional(),
  total: z.number().optional(),
  mycart: z.array(PlaceOrderCartLine).max(500).optional(),
});
export type PlaceOrder = z.infer<typeof PlaceOrder>;

export const PlaceOrderHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
    .optional(),
});

export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const OrderActor = z.enum(ORDER_ACTORS);
export type OrderActor = z.infer<typeof OrderActor>;

export const OrderStatusChange = z.object({ status: OrderStatus, at: z.iso.datetime(), by: OrderActor });
export type OrderStatusChange = z.infer<typeof OrderStatusChange>;

export const OrderItem = z.object({
  productId: ObjectIdString,
  name: z.string(),
  /** the product's Bangla name when the order was placed, if it had one */
  name_bn: z.string().optional(),
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
  /** the delivery address as it was when the order was placed */
  address: DeliveryAddress.optional(),
  /** the delivery slot's id (delivery-slots.ts) */
  slot: z.string().optional(),
  items: z.array(OrderItem),
  subtotal: z.number(),
  vat: z.number(),
  delivery: z.number(),
  total: z.number(),
  status: OrderStatus,
  placedAt: z.string(),
  /** every status it has had, oldest first, with who set it and when */
  history: z.array(OrderStatusChange),
  /** while placed: when it is cancelled unless confirmed (ISO time) */
  holdUntil: z.string().optional(),
});
export type Order = z.infer<typeof Order>;
export const OrderList = z.array(Order);

export const PlaceOrderAnswer = z.object({ acknowledged: z.boolean(), insertedId: ObjectIdString, order: Order });
export type PlaceOrderAnswer = z.infer<typeof PlaceOrderAnswer>;

/** 409 answer when the cart asks for more than the shelf holds: `error` names each item and how many
 *  are left (`Only 1 left of Fresh Carrot`), `items` the same for a screen. */
export const OutOfStockItem = z.object({ productId: ObjectIdString, name: z.string(), requested: z.number(), available: z.number() });
export const OutOfStockAnswer = z.object({ error: z.string(), code: z.literal('out-of-stock'), items: z.array(OutOfStockItem) });
export type OutOfStockAnswer = z.infer<typeof OutOfStockAnswer>;

/** Plain words for what the shelf cannot give: `Only 1 left of Fresh Carrot, Mustard Oil is out of stock`. */
export function outOfStockMessage(items: OutOfStockAnswer['items']): string {
  return items.map(({ name, available }) => (available > 0 ? `Only ${available} left of ${name}` : `${name} is out of stock`)).join(', ');
}

export const CartAlreadyOrderedAnswer = z.object({ error: z.literal(CART_ALREADY_ORDERED), code: z.literal('cart-already-ordered') });

/** 409 answer when the shopper holds as many unconfirmed orders as the store allows (`limit`). */
export const HoldLimitAnswer = z.object({ error: z.string(), code: z.literal('hold-limit-reached'), limit: z.number().int().positive() });
export type HoldLimitAnswer = z.infer<typeof HoldLimitAnswer>;

/** 409 answer when an order cannot be moved as asked: `status` is where it stands now, `to` the
 *  status asked for. */
export const OrderMoveRefusal = z.object({
  error: z.string(),
  code: z.literal('order-move-refused'),
  status: OrderStatus,
  to: OrderStatus,
});
export type OrderMoveRefusal = z.infer<typeof OrderMoveRefusal>;

/** An admin moves an order on (or cancels it): the status it should have now. */
export const SetOrderStatus = z.strictObject({ status: OrderStatus });
export type SetOrderStatus = z.infer<typeof SetOrderStatus>;

/** Pages of the admin's order list are at most this long. */
export const MAX_ORDER_PAGE_SIZE = 50;
const DAY = z.iso.date().meta({ description: 'A day, YYYY-MM-DD, in Bangladesh time' });

/** The admin's order list: newest first, filtered by status, days placed (from and to included)
 *  and a search of the order id, phone or email. */
export const OrderListQuery = z.strictObject({
  status: OrderStatus.optional(),
  from: DAY.optional(),
  to: DAY.optional(),
  q: z.string().trim().max(100).optional(),
  /** only the orders to deliver in this slot */
  slot: DeliverySlotId.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_ORDER_PAGE_SIZE).default(20),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderPage = z.object({
  orders: z.array(Order),
  /** how many orders match, on every page */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderPage = z.infer<typeof OrderPage>;

/** The top of the admin's order page: today's orders and revenue (delivered or on their way, in
 *  taka; cancelled ones not counted), and how many orders are in each status now. */
export const OrderSummary = z.object({
  today: z.iso.date(),
  todayOrders: z.number().int(),
  todayRevenue: z.number(),
  byStatus: z.record(OrderStatus, z.number().int()),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

/** The live stream's messages (ORDER_STREAM_EVENT): a shopper hears of their own orders, an admin
 *  of every order. A page takes the change into what it shows from the message alone (issue 53):
 *  `by` for the order's history, `previous` for the admin's counts per status; it reads its orders
 *  again only for an order it does not hold. */
export const OrderStreamMessage = z.object({
  orderId: ObjectIdString,
  status: OrderStatus,
  at: z.iso.datetime(),
  /** who moved it, as its history records */
  by: OrderActor.optional(),
  /** the status it left; absent for an order just placed */
  previous: OrderStatus.optional(),
});
export type OrderStreamMessage = z.infer<typeof OrderStreamMessage>;

/** The live stream's request: where a reconnecting browser left off (ORDER_STREAM_OPENED_EVENT). */
export const OrderStreamHeaders = z.object({
  'last-event-id': z.string().regex(ORDER_STREAM_POSITION_PATTERN, 'Last-Event-ID must be a position the order stream sent').optional(),
});
/** The data of the stream's first message (ORDER_STREAM_OPENED_EVENT). */
export const OrderStreamOpened = z.object({ resumed: z.boolean() });
export type OrderStreamOpened = z.infer<typeof OrderStreamOpened>;

// Between the services (never through the public gateway).

/** The catalog holds an order's units: all of them or none. An item's `name` is the one the shopper
 *  knows it by (their cart's), for a refusal naming a product no longer sold. */
export const StockReservation = z.strictObject({
  items: z
    .array(z.strictObject({ productId: ObjectIdString, quantity: z.number().int().positive(), name: z.string().max(200).optional() }))
    .min(1)
    .max(500),
});
export type StockReservation = z.infer<typeof StockReservation>;
/** The held products as the shelf has them once held (names, pictures, prices), in the order asked;
 *  one no longer sold is left out. The order is priced from these: one call holds and prices it. */
export const StockReservationAnswer = z.object({ reserved: z.literal(true), products: ProductList });
export type StockReservationAnswer = z.infer<typeof StockReservationAnswer>;

/** The cart gives up the ordered pieces of its lines, in one write, or none of them. */
export const CartCheckout = z.strictObject({
  email: Email,
  items: z
    .array(z.strictObject({ productId: ObjectIdString, quantity: z.number().int().positive() }))
    .min(1)
    .max(500),
});
export type CartCheckout = z.infer<typeof CartCheckout>;
/** Whether an order's checkout took the pieces off the cart (`taken`) or never will (`voided`). */
export const CheckoutOutcome = z.object({ outcome: z.enum(['taken', 'voided']) });
export type CheckoutOutcome = z.infer<typeof CheckoutOutcome>;

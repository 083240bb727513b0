// An order's statuses and who may move it where, without zod: the storefront's code uses these at
// run time, and zod in a browser bundle probes for eval when its first schema is made, which the
// store's Content-Security-Policy refuses (Lighthouse lists it) and which costs ~15 KB gzip a remote.

/** An order's life: placed (its units reserved), confirmed (cash on delivery agreed), packed, out
 *  for delivery, delivered; or cancelled on the way. */
export const ORDER_STEPS = ['placed', 'confirmed', 'packed', 'out-for-delivery', 'delivered'] as const;
export const ORDER_STATUSES = [...ORDER_STEPS, 'cancelled'] as const;
type Status = (typeof ORDER_STATUSES)[number];

/** Who moved an order: its shopper, an admin, or the store itself (an unconfirmed hold expired). */
export const ORDER_ACTORS = ['shopper', 'admin', 'system'] as const;
type Actor = (typeof ORDER_ACTORS)[number];

/** The step after `status` on the way to delivery, if there is one. */
export function nextOrderStep(status: Status): Status | undefined {
  const at = (ORDER_STEPS as readonly string[]).indexOf(status);
  return at >= 0 ? ORDER_STEPS[at + 1] : undefined;
}

/** Whether `actor` may move an order from `from` to `to`. A shopper confirms a placed order (pay on
 *  delivery) and may cancel until it is packed; an admin moves it one step forward at a time and may
 *  cancel it until it is delivered; the store cancels only unconfirmed holds. */
export function mayMoveOrder(actor: Actor, from: Status, to: Status): boolean {
  if (to === 'cancelled') {
    if (actor === 'shopper') return from === 'placed' || from === 'confirmed';
    if (actor === 'admin') return from !== 'delivered' && from !== 'cancelled';
    return from === 'placed';
  }
  if (actor === 'shopper') return from === 'placed' && to === 'confirmed';
  return actor === 'admin' && nextOrderStep(from) === to;
}

/** The statuses `actor` may move an order in `status` to, in the order a screen offers them. */
export const orderMovesFor = (actor: Actor, status: Status): Status[] => ORDER_STATUSES.filter((to) => mayMoveOrder(actor, status, to));

/** 409 answer to a move of an order that stands at `status`, where `to` is not allowed: the answer
 *  carries `status` too (OrderMoveRefusal). */
export const orderMoveRefused = (status: Status, to: Status) =>
  to === 'cancelled' ? `This order is ${status}; it can no longer be cancelled` : `This order is ${status}; it cannot become ${to}`;

/** A client-chosen key so that a retried or double-clicked Place Order creates one order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** 409 answer when this very cart, unchanged, has already become an order: placed from another tab,
 *  or by a client that sent a new Idempotency-Key. */
export const CART_ALREADY_ORDERED = 'This cart has just been ordered; see My Orders';

export const CART_CHANGED_DURING_ORDER = 'Your cart changed while the order was being placed; check it and place the order again';

/** 409 answer to a repeat of Place Order (same Idempotency-Key) whose first request is still placing
 *  the order after the repeat has waited for it. */
export const ORDER_STILL_PLACING = 'This order is still being placed; look at My Orders in a moment';

/** 403 answer to Place Order from an account whose email address is not verified yet. */
export const verifyEmailBeforeOrdering = (email: string) => `Verify your email address before you order: open the link we sent to ${email}`;

/** 409 answer to Place Order from a shopper holding `limit` orders unconfirmed already (the answer
 *  carries `limit` too, for a screen to word it). */
export const holdLimitReached = (limit: number) =>
  `You already have ${limit} orders waiting for confirmation; confirm or cancel one in My Orders first`;

/** The live stream of order status changes (Server-Sent Events): a shopper hears of their own
 *  orders, an admin of every order. Each message's `event` is this name. */
export const ORDER_STREAM_EVENT = 'order-status';

/** The first message of every live stream (issue 53). Its `id` is where the stream starts in the
 *  log of changes, and each change comes with its own `id` after it; a browser that reconnects sends
 *  the last one back as Last-Event-ID, and the changes it missed meanwhile come first. Its data
 *  (`{ "resumed": true }`) says that every change the caller may hear since that position was sent
 *  before it; `false` (a first connection, a position the log no longer covers, the log unavailable)
 *  means the page reads its orders again. */
export const ORDER_STREAM_OPENED_EVENT = 'order-stream-opened';
/** A position in the log of changes, as the stream sends it (milliseconds-sequence). */
export const ORDER_STREAM_POSITION_PATTERN = /^\d{1,15}-\d{1,15}$/;

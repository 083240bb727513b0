import { OrderPlaced, TOPICS, UserDeleted } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit';
import { Cart, revised, type CartDocument } from '../model/cart';

/** How many recent orders each cart remembers having been taken from it. */
const REMEMBERED_ORDERS = 20;

/** The write that takes an order's pieces off its shopper's cart and remembers the order. */
const takeOrdered = (orderId: string, items: OrderPlaced['payload']['items']) =>
  revised({
    $inc: Object.fromEntries(items.map(({ productId, quantity }) => [`lines.${productId}.cartQuantity`, -quantity])),
    $push: { takenByOrders: { $each: [orderId], $slice: -REMEMBERED_ORDERS } },
  });

/** order-placed: the ordered pieces leave the shopper's cart, in one write that also remembers the
 *  order, so a repeat takes nothing. Pieces added to a line after the order was placed stay. A line
 *  left with nothing stays in the document, hidden, rather than being removed by a second write
 *  that could take a piece added in between with it.
 *
 *  Remembering the order is what makes a repeat harmless, so the consumer keeps no ledger for it
 *  (`repeatable`): Kafka gives an event again only while its offset is uncommitted, the moment
 *  around a crash, long before a cart has seen 20 more orders. That is two database round trips
 *  fewer between an order and its shopper's empty cart.
 *
 *  Usually the order is new to the cart and every line it took is still there: the write names
 *  both in its filter and nothing is read. Only when it matches nothing (a repeat, a line removed
 *  since, no cart) is the cart read, to take what is left of the order's lines. */
export const clearOrderedLines: EventHandler<typeof OrderPlaced> = {
  topic: TOPICS.orderPlaced,
  schema: OrderPlaced,
  repeatable: true,
  async handle({ payload }) {
    const { orderId, userEmail, items } = payload;
    const everyLineThere = Object.fromEntries(items.map(({ productId }) => [`lines.${productId}`, { $exists: true }]));
    const { matchedCount } = await Cart.updateOne(
      { _id: userEmail, takenByOrders: { $ne: orderId }, ...everyLineThere },
      takeOrdered(orderId, items),
    );
    if (matchedCount > 0) return;

    const cart = await Cart.findById(userEmail).lean<CartDocument>();
    if (!cart || cart.takenByOrders?.includes(orderId)) return;
    const stillThere = items.filter(({ productId }) => cart.lines?.[productId] !== undefined);
    await Cart.updateOne({ _id: userEmail }, takeOrdered(orderId, stillThere));
  },
};

/** user-deleted: a deleted shopper's cart lines go with them. The document stays, without lines: a
 *  cart started afresh under the same address must not count its revision from 0 again, or it
 *  would repeat revisions that orders (which are kept) have already claimed. */
export const dropDeletedUsersCart: EventHandler<typeof UserDeleted> = {
  topic: TOPICS.userDeleted,
  schema: UserDeleted,
  async handle({ payload }) {
    await Cart.updateOne({ _id: payload.email }, revised({ $unset: { lines: 1 } }));
  },
};

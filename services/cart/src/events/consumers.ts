import { OrderPlaced, TOPICS, UserDeleted } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit';
import { CartLine } from '../model/cart-line';

/** How many recent orders each line remembers having been taken from it. */
const REMEMBERED_ORDERS = 20;

/** order-placed: the ordered pieces leave the cart lines the order was built from. Pieces the
 *  shopper added to such a line after placing stay; a line left with nothing goes. Each line
 *  remembers the order in the same write that takes its pieces, so a repeat takes nothing. */
export const clearOrderedLines: EventHandler<typeof OrderPlaced> = {
  topic: TOPICS.orderPlaced,
  schema: OrderPlaced,
  async handle({ payload }) {
    const { orderId, userEmail, items, cartLineIds } = payload;
    for (const { productId, quantity } of items) {
      await CartLine.updateOne(
        { _id: { $in: cartLineIds }, userEmail, productId, takenByOrders: { $ne: orderId } },
        { $inc: { cartQuantity: -quantity }, $push: { takenByOrders: { $each: [orderId], $slice: -REMEMBERED_ORDERS } } },
      );
    }
    await CartLine.deleteMany({ _id: { $in: cartLineIds }, userEmail, cartQuantity: { $lte: 0 } });
  },
};

/** user-deleted: a deleted shopper's cart goes with them. */
export const dropDeletedUsersCart: EventHandler<typeof UserDeleted> = {
  topic: TOPICS.userDeleted,
  schema: UserDeleted,
  async handle({ payload }) {
    await CartLine.deleteMany({ userEmail: payload.email });
  },
};

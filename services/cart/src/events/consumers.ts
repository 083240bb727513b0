import { OrderPlaced, TOPICS, UserDeleted } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit';
import { CartLine } from '../model/cart-line';

/** order-placed: the lines the order was built from leave the cart. */
export const clearOrderedLines: EventHandler<typeof OrderPlaced> = {
  topic: TOPICS.orderPlaced,
  schema: OrderPlaced,
  async handle({ payload }) {
    await CartLine.deleteMany({ _id: { $in: payload.cartLineIds }, userEmail: payload.userEmail });
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

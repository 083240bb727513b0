import { TOPICS, UserDeleted } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit/kafka';
import { Cart, revised } from '../model/cart';

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

import { OrderPlaced, TOPICS } from '@bazar/contracts';
import { outboxUpdate, type EventHandler, type Logger, type ReadCache } from '@bazar/service-kit';
import { Product, productChanged } from '../model/product';

/** How many recent stock events each product remembers; older repeats are caught by the
 *  consumer's ledger of applied events. */
const REMEMBERED_STOCK_EVENTS = 200;

/** order-placed: takes the ordered quantities off the shelf, once per event, and announces each
 *  stock change (product-changed) in the same write. */
export function takeOrderedStock(cache: ReadCache, log: Logger, nudgeOutbox: () => void): EventHandler<typeof OrderPlaced> {
  return {
    topic: TOPICS.orderPlaced,
    schema: OrderPlaced,
    async handle(event) {
      for (const { productId, quantity } of event.payload.items) {
        const notYetApplied = { _id: productId, stockEvents: { $ne: event.id } };
        const remember = { $push: { stockEvents: { $each: [event.id], $slice: -REMEMBERED_STOCK_EVENTS } } };
        const announce = outboxUpdate([productChanged(productId, 'stock')]);
        const taken = await Product.updateOne(
          { ...notYetApplied, quantity: { $gte: quantity } },
          { $inc: { quantity: -quantity, ...announce.$inc }, $set: announce.$set, ...remember },
        );
        if (taken.matchedCount > 0) continue;
        // Another order took the last pieces between placement and now: the shelf is empty.
        const emptied = await Product.updateOne(
          { ...notYetApplied, quantity: { $lt: quantity } },
          { $set: { quantity: 0, ...announce.$set }, $inc: announce.$inc, ...remember },
        );
        if (emptied.matchedCount > 0)
          log.warn({ productId, orderId: event.payload.orderId, quantity }, 'order took more than the stock left');
      }
      await cache.clear();
      nudgeOutbox();
    },
  };
}

import { OrderPlaced, TOPICS } from '@bazar/contracts';
import { outboxUpdate, type EventHandler, type Logger, type ReadCache } from '@bazar/service-kit';
import { Product, productChanged } from '../model/product';

/** How many recent stock events each product remembers. It guards only the moment between this
 *  write and the consumer's ledger entry for the event, which catches every later repeat; a longer
 *  memory made every product document, and so every read of the list, larger. */
const REMEMBERED_STOCK_EVENTS = 20;

/** order-placed: takes the ordered quantities off the shelf, once per event, and announces each
 *  stock change (product-changed) in the same write.
 *
 *  Each product is read and written by `_id` alone (FerretDB on SQLite would read every product
 *  for any other filter). Deciding "not yet applied" on the read copy is safe because the consumer
 *  applies one message at a time and Kafka gives an event to one consumer of the group. */
export function takeOrderedStock(
  cache: ReadCache,
  log: Logger,
  nudgeOutbox: (productId: string) => void,
): EventHandler<typeof OrderPlaced> {
  return {
    topic: TOPICS.orderPlaced,
    schema: OrderPlaced,
    async handle(event) {
      for (const { productId, quantity } of event.payload.items) {
        const shelf = await Product.findById(productId, 'quantity stockEvents').lean<{ quantity: number; stockEvents: string[] }>();
        if (!shelf || shelf.stockEvents.includes(event.id)) continue;
        const announce = outboxUpdate([productChanged(productId, 'stock')]);
        const remember = { stockEvents: { $each: [event.id], $slice: -REMEMBERED_STOCK_EVENTS } };
        // Another order may have taken the last pieces between placement and now: the shelf empties.
        const enough = shelf.quantity >= quantity;
        if (!enough) log.warn({ productId, orderId: event.payload.orderId, quantity }, 'order took more than the stock left');
        await Product.updateOne(
          { _id: productId },
          {
            ...(enough ? { $inc: { quantity: -quantity }, $set: announce.$set } : { $set: { quantity: 0, ...announce.$set } }),
            $push: { ...remember, ...announce.$push },
          },
        );
        nudgeOutbox(productId);
      }
      await cache.clear();
    },
  };
}

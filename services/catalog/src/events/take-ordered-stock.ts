import { OrderPlaced, TOPICS } from '@bazar/contracts';
import { outboxUpdate, type EventHandler, type Logger, type ReadCache, type NudgeOutbox } from '@bazar/service-kit';
import { Product, productChanged } from '../model/product';

/** How many recent stock events each product remembers. It guards only the moment between this
 *  write and the consumer's ledger entry for the event, which catches every later repeat: the
 *  consumer applies one event at a time, so that is the last event or two. A longer memory made
 *  every product document, and every read of one, larger: under the order flow FerretDB spent 15%
 *  of its CPU decoding arrays of ids, these 20 per product and the carts' orders. */
const REMEMBERED_STOCK_EVENTS = 5;

/** order-placed: takes the ordered quantities off the shelf, once per event, and announces each
 *  stock change (product-changed) in the same write.
 *
 *  Each product is read and written by `_id` alone (FerretDB on SQLite would read every product
 *  for any other filter). Deciding "not yet applied" on the read copy is safe because the consumer
 *  applies one message at a time and Kafka gives an event to one consumer of the group. */
export function takeOrderedStock(cache: ReadCache, log: Logger, nudgeOutbox: NudgeOutbox): EventHandler<typeof OrderPlaced> {
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
        nudgeOutbox(Product, { _id: productId, ...announce.added });
      }
      await cache.clear();
    },
  };
}

import { OrderPlaced, TOPICS } from '@bazar/contracts';
import { outboxUpdate, type EventHandler, type Logger, type ReadCache, type NudgeOutbox } from '@bazar/service-kit';
import { Product, productChanged } from '../model/product';

/** How many recent stock events each product remembers. It guards only the moment between this
 *  write and the consumer's ledger entry for the event, which catches every later repeat: the
 *  consumer applies one event at a time, so that is the last event or two. A longer memory makes
 *  every product document, and every read of one, larger: FerretDB decodes the whole document for
 *  each command, and when `$slice` was ignored (see infra/bin/install.mjs) decoding these ids was a
 *  third of its CPU under the order flow. */
const REMEMBERED_STOCK_EVENTS = 5;

/** order-placed: takes the ordered quantities off the shelf, once per event, and announces each
 *  stock change (product-changed) in the same write.
 *
 *  Usually the event is new to the product and the shelf holds enough: one write whose filter says
 *  both, and nothing is read. When it matches nothing, the product is read and the decision made on
 *  that copy (a repeat is skipped; an order larger than what is left empties the shelf), which is
 *  safe because the consumer applies one message at a time and Kafka gives an event to one consumer
 *  of the group. Every write names the product by `_id` (FerretDB on SQLite looks nothing else up). */
export function takeOrderedStock(cache: ReadCache, log: Logger, nudgeOutbox: NudgeOutbox): EventHandler<typeof OrderPlaced> {
  return {
    topic: TOPICS.orderPlaced,
    schema: OrderPlaced,
    async handle(event) {
      for (const { productId, quantity } of event.payload.items) {
        const announce = outboxUpdate([productChanged(productId, 'stock')]);
        const $push = { stockEvents: { $each: [event.id], $slice: -REMEMBERED_STOCK_EVENTS }, ...announce.$push };
        const take = { $inc: { quantity: -quantity }, $set: announce.$set, $push };
        const { matchedCount } = await Product.updateOne(
          { _id: productId, stockEvents: { $ne: event.id }, quantity: { $gte: quantity } },
          take,
        );
        if (matchedCount === 0 && !(await takeFromReadCopy(productId, quantity, event, take, log))) continue;
        nudgeOutbox(Product, { _id: productId, ...announce.added });
      }
      await cache.clear();
    },
  };
}

/** The same take decided on the product as it is now: false when there is nothing to do (no such
 *  product, or the event was applied already). Another order may have taken the last pieces
 *  between placement and now: the shelf empties. */
async function takeFromReadCopy(
  productId: string,
  quantity: number,
  event: OrderPlaced,
  take: { $inc: { quantity: number }; $set: Record<string, unknown>; $push: Record<string, unknown> },
  log: Logger,
): Promise<boolean> {
  const shelf = await Product.findById(productId, 'quantity stockEvents').lean<{ quantity: number; stockEvents: string[] }>();
  if (!shelf || shelf.stockEvents.includes(event.id)) return false;
  const enough = shelf.quantity >= quantity;
  if (!enough) log.warn({ productId, orderId: event.payload.orderId, quantity }, 'order took more than the stock left');
  await Product.updateOne({ _id: productId }, enough ? take : { $set: { ...take.$set, quantity: 0 }, $push: take.$push });
  return true;
}

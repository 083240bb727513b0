import type { Logger } from '@bazar/service-kit';
import { isDuplicateKey, readGently, readModel, upsertOne } from '@bazar/service-kit/mongo';
import { ordersWithIds, type OrderDocument } from './model/order';
import { ShopperOrderList, type ShopperOrdersDocument } from './model/shopper-orders';
import { UnconfirmedOrderList, type UnconfirmedOrdersDocument } from './model/unconfirmed-orders';

/** How many of their latest orders My Orders lists. */
const MY_ORDERS_SHOWN = 50;
/** Ids kept beyond those shown: an attempt given up (its order removed) is named but never shown. */
const KEPT = MY_ORDERS_SHOWN + 10;

type Placed = Pick<OrderDocument, '_id' | 'userId' | 'createdAt'>;

/** Names orders among their shoppers' (`ShopperOrders.add`), one command for all of them: the places
 *  of orders that moved on are freed together (UnconfirmedOrders.releaseSettled), and each is named
 *  first, so that it is always in one list or the other. Where a shopper's list names one of them
 *  already (a pass that stopped between naming and freeing), they are named one by one. */
export async function nameSettled(settled: { userId: string; orderId: string }[]): Promise<void> {
  const byShopper = new Map<string, string[]>();
  for (const { userId, orderId } of settled) byShopper.set(userId, [...(byShopper.get(userId) ?? []), orderId]);
  if (byShopper.size === 0) return;
  let named = 0;
  try {
    const written = await ShopperOrderList.bulkWrite(
      [...byShopper].map(([userId, orderIds]) => ({
        updateOne: {
          // matches nothing where any of them is named already
          filter: { _id: userId, orders: { $nin: orderIds } },
          update: { $push: { orders: { $each: orderIds, $slice: -KEPT } } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    named = written.matchedCount + written.upsertedCount;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err; // a list begun meanwhile: named one by one below
  }
  if (named === byShopper.size) return;
  for (const { userId, orderId } of settled) await nameOne(userId, orderId);
}

/** Names the order among the shopper's, once however often it is asked. */
async function nameOne(userId: string, orderId: string): Promise<void> {
  // matches nothing where it is named already
  await upsertOne(ShopperOrderList, { _id: userId, orders: { $ne: orderId } }, { $push: { orders: { $each: [orderId], $slice: -KEPT } } });
}

/**
 * Each shopper's latest orders by id, so that My Orders reads them by `_id` rather than querying the
 * orders by their shopper (which read every order on the local database, slower with every order stored).
 * An order is claimed a place among the shopper's unconfirmed orders before it is written
 * (UnconfirmedOrders) and named here once it has moved on, when that place is freed (`nameSettled`),
 * so every order that comes to exist is in one list or the other, and My Orders reads both: a write
 * an order fewer when it is placed. An attempt given up is taken out of the first (one that died
 * midway stays, and is skipped). When a replica starts, `reconciliation` names those written before
 * these lists existed.
 */
export class ShopperOrders {
  private stopping = false;

  constructor(private readonly log: Logger) {}

  /** Names the order among the shopper's, once however often it is asked. */
  async add(userId: string, orderId: string): Promise<void> {
    await nameOne(userId, orderId);
  }

  /** Takes out the name of an order given up before it was placed. */
  async forget(userId: string, orderId: string): Promise<void> {
    await ShopperOrderList.updateOne({ _id: userId }, { $pull: { orders: orderId } });
  }

  /** The shopper's latest orders, newest first, as they are now; none still being placed. */
  async latest(userId: string): Promise<OrderDocument[]> {
    const [named, unconfirmed] = await Promise.all([
      readModel(ShopperOrderList).findById(userId).lean<ShopperOrdersDocument>(),
      readModel(UnconfirmedOrderList).findById(userId).lean<UnconfirmedOrdersDocument>(),
    ]);
    const ids = new Set([...(named?.orders ?? []), ...(unconfirmed?.open ?? [])]);
    return (await ordersWithIds([...ids], { userId }))
      .filter((order) => order.status !== 'placing')
      .sort((a, b) => newestLast(b, a))
      .slice(0, MY_ORDERS_SHOWN);
  }

  /** A pass of `readEveryOrder` (a gentle read of every order, app.ts) that,
   *  until one has gone through whole, also brings the shoppers' lists up to the orders it read. The
   *  lists lack only orders written before they were kept, so once is enough; a pass that fails
   *  (the database away at a replica's start) leaves it to the next. */
  reconcilingWith(readEveryOrder: (see?: (order: Placed) => void) => Promise<void>): () => Promise<void> {
    let compared = false;
    return async () => {
      if (compared) return readEveryOrder();
      const { see, finish } = this.reconciliation();
      await readEveryOrder(see);
      await finish();
      compared = true;
    };
  }

  /** Names every shopper's latest orders that their list lacks: `see` is shown every order (by a
   *  pass that reads them all), then `finish` reads every list once and writes those
   *  lacking. A list written meanwhile (the shopper is ordering) is left to that writer. */
  reconciliation(): { see: (order: Placed) => void; finish: () => Promise<void> } {
    const latest = new Map<string, Placed[]>();
    const see = (order: Placed) => {
      const theirs = latest.get(order.userId) ?? [];
      theirs.push(order);
      if (theirs.length > 2 * KEPT) theirs.sort(newestLast).splice(0, theirs.length - KEPT);
      latest.set(order.userId, theirs);
    };
    return { see, finish: () => this.nameLacking(latest) };
  }

  private async nameLacking(latest: Map<string, Placed[]>): Promise<void> {
    const lists = new Map<string, string[]>();
    for await (const list of readGently(readModel(ShopperOrderList).find().lean<ShopperOrdersDocument>()))
      lists.set(list._id, list.orders ?? []);
    let named = 0;
    for (const [userId, orders] of latest) {
      if (this.stopping) return;
      const ids = orders
        .sort(newestLast)
        .slice(-KEPT)
        .map((order) => order._id.toString());
      const stored = lists.get(userId);
      if (stored && ids.slice(-MY_ORDERS_SHOWN).every((id) => stored.includes(id))) continue;
      // those named and not found (being placed now) stay the newest
      const list = [...ids, ...(stored ?? []).filter((id) => !ids.includes(id))].slice(-KEPT);
      try {
        const { modifiedCount, upsertedCount } = await ShopperOrderList.updateOne(
          { _id: userId, orders: stored ?? { $exists: false } },
          { $set: { orders: list } },
          { upsert: !stored },
        );
        named += modifiedCount + upsertedCount;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err; // begun meanwhile by an order: the next look
      }
    }
    if (named > 0) this.log.info({ shoppers: named }, 'the shoppers’ lists of orders brought up to the orders');
  }

  stop(): void {
    this.stopping = true;
  }
}

const newestLast = (a: Placed, b: Placed) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a._id.toString().localeCompare(b._id.toString());

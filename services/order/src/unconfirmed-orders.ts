import { deleteByIds, readByIds, upsertOne } from '@bazar/service-kit/mongo';
import { UnconfirmedOrderList, type UnconfirmedOrdersDocument } from './model/unconfirmed-orders';
import { holdsUnits, Order, type OrderDocument } from './model/order';
import { nameSettled } from './shopper-orders';

/** Each shopper's unconfirmed orders (placing or placed): a place among them is claimed before an
 *  order is written, and kept under a limit with one conditional write. An order that moved on keeps
 *  its place until the sweep or the shopper's next claim frees it (`releaseSettled`), which names it
 *  in the shopper's list of orders first: My Orders reads both lists, and the limit is kept by
 *  looking at the listed orders before refusing. */
export class UnconfirmedOrders {
  constructor(
    /** how many a shopper may have at once */
    readonly limit: number,
  ) {}

  /** Counts the order among the shopper's unconfirmed ones, unless they hold the limit already. */
  async claim(userId: string, orderId: string): Promise<boolean> {
    const first = await this.tryClaim(userId, orderId);
    if (first === true) return true;
    // a crash between an order's move and its release can leave it listed: look before refusing
    return (await this.forgetSettled(userId, first)) && (await this.tryClaim(userId, orderId)) === true;
  }

  async release(userId: string, orderId: string): Promise<void> {
    await UnconfirmedOrderList.updateOne({ _id: userId }, { $pull: { open: orderId } });
  }

  /** Frees the places of these orders, which no longer hold units, in one command however many
   *  shoppers' lists they are in, once each is named in its shopper's list of orders (`nameSettled`,
   *  one command too): a move out of `placed` leaves both to this (move-order.ts). */
  async releaseSettled(settled: { userId: string; orderId: string }[]): Promise<void> {
    const byShopper = new Map<string, string[]>();
    for (const { userId, orderId } of settled) byShopper.set(userId, [...(byShopper.get(userId) ?? []), orderId]);
    if (byShopper.size === 0) return;
    await nameSettled(settled);
    await UnconfirmedOrderList.bulkWrite(
      [...byShopper].map(([userId, orderIds]) => ({ updateOne: { filter: { _id: userId }, update: { $pullAll: { open: orderIds } } } })),
      { ordered: false },
    );
  }

  /** Every shopper's list: those holding orders unconfirmed, and those whose list emptied since
   *  the last sweep. The sweep reads these instead of every order ever placed. */
  async all(): Promise<UnconfirmedOrdersDocument[]> {
    return UnconfirmedOrderList.find().lean<UnconfirmedOrdersDocument[]>();
  }

  /** Removes those of these shoppers' lists that are empty, in one command for up to IDS_A_COMMAND
   *  of them: at the target rate a sweep finds hundreds of lists emptied by confirmations, and a
   *  command each made the sweep a long hold on the database. A claim racing this
   *  either lands first (and the list is no longer empty) or makes a new one. */
  async forgetEmpty(userIds: string[]): Promise<void> {
    await deleteByIds(UnconfirmedOrderList, userIds, { open: { $size: 0 } });
  }

  /** True once the order has its place; else the shopper's full list, as it was read. */
  private async tryClaim(userId: string, orderId: string): Promise<true | string[]> {
    // matches only while the list is shorter than the limit
    const filter = { _id: userId, [`open.${this.limit - 1}`]: { $exists: false } };
    if (await upsertOne(UnconfirmedOrderList, filter, { $addToSet: { open: orderId } })) return true;
    const open = (await UnconfirmedOrderList.findById(userId).lean<UnconfirmedOrdersDocument>())?.open ?? [];
    // full: unless this order is among them already (a repeat of its request)
    return open.includes(orderId) || open;
  }

  /** Drops the listed orders that are no longer unconfirmed, in one write; true if any was. An order
   *  not found is left: it may be being written now, after its claim (the sweep frees a claim whose
   *  order stays unwritten, after a hold window). */
  private async forgetSettled(userId: string, listed: string[]): Promise<boolean> {
    const settled = (await readByIds<Pick<OrderDocument, '_id' | 'status'>>(Order, listed, { fields: 'status' })).filter(
      (order) => !holdsUnits(order.status),
    );
    await this.releaseSettled(settled.map((order) => ({ userId, orderId: order._id.toString() })));
    return settled.length > 0;
  }
}

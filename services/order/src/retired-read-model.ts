import type { Logger } from '@bazar/service-kit';
import { readGently } from '@bazar/service-kit/mongo';
import mongoose from 'mongoose';
import { Order } from './model/order';

/** The admin list's read model of before (`docs/decisions/admin-order-list.md`): its collections, and
 *  the field each order named its place in them by. Nothing reads or writes them any more. */
export const RETIRED_COLLECTIONS = ['order_days', 'order_day_counts'] as const;
export const RETIRED_ORDER_FIELD = 'listedIn';

/** MongoDB's answer to dropping a collection another replica dropped first. */
const NAMESPACE_NOT_FOUND = 26;

/**
 * Drops the retired read model from a store that still has it: the field on the orders, a hundred
 * orders a command as `readGently` reads them, then its collections, so that the orders being placed
 * meanwhile are not held up. Every replica may run it at once, and every start does: what is gone
 * is not found again, and a collection another replica dropped first, or a field it removed, is
 * nothing to do.
 */
export async function dropRetiredReadModel(log: Logger, stopping: () => boolean): Promise<void> {
  const db = mongoose.connection.db!;
  const present = await db.listCollections({ name: { $in: [...RETIRED_COLLECTIONS] } }, { nameOnly: true }).toArray();
  // The collections go last: while one is there the field may be too. A store without them is done,
  // and its orders are not read again at every start (no index serves the field's query).
  if (present.length === 0) return;
  let unset = 0;
  let batch: mongoose.Types.ObjectId[] = [];
  const unsetBatch = async () => {
    if (batch.length === 0) return;
    const result = await Order.collection.updateMany(
      { _id: { $in: batch }, [RETIRED_ORDER_FIELD]: { $exists: true } },
      { $unset: { [RETIRED_ORDER_FIELD]: '' } },
    );
    unset += result.modifiedCount;
    batch = [];
  };
  for await (const order of readGently(
    Order.find({ [RETIRED_ORDER_FIELD]: { $exists: true } })
      .setOptions({ strictQuery: false })
      .select('_id')
      .lean<{ _id: mongoose.Types.ObjectId }>(),
  )) {
    if (stopping()) return;
    batch.push(order._id);
    if (batch.length === 100) await unsetBatch();
  }
  await unsetBatch();
  const dropped: string[] = [];
  for (const { name } of present) {
    try {
      await db.dropCollection(name);
      dropped.push(name);
    } catch (err) {
      if ((err as { code?: number }).code !== NAMESPACE_NOT_FOUND) throw err;
    }
  }
  log.info({ dropped, unset }, "the admin list's retired read model dropped");
}

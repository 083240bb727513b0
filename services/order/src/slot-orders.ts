import { dhakaDay, type OrderListQuery } from '@bazar/contracts';
import { Order } from './model/order';
import { searchFor } from './order-listings';

type Listed = { _id: { toString(): string }; createdAt: Date; status: string; email: string; phone: string; totalPaisa: number };

/** One page of the admin's list of the orders to deliver in one slot, newest first, with the
 *  list's other filters. A slot holds at most its capacity of orders (cancelled ones aside), so
 *  they are read by the slot's index rather than from the days' read model. */
export async function slotPage({
  slot,
  status,
  from,
  to,
  q,
  page,
  pageSize,
}: OrderListQuery & { slot: string }): Promise<{ ids: string[]; total: number }> {
  const orders = await Order.find({ slot, status: status ?? { $ne: 'placing' } })
    .sort({ createdAt: -1 })
    .select('createdAt status email phone totalPaisa')
    .lean<Listed[]>();
  const found = q ? searchFor(q) : undefined;
  const matches = orders.filter((order) => {
    const day = dhakaDay(order.createdAt);
    if ((from && day < from) || (to && day > to)) return false;
    return !found || found(order._id.toString(), { ...order, at: order.createdAt, step: 0 } as Parameters<typeof found>[1]);
  });
  const skip = (page - 1) * pageSize;
  return { ids: matches.slice(skip, skip + pageSize).map((order) => order._id.toString()), total: matches.length };
}

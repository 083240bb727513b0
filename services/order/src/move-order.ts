import { mayMoveOrder, orderMoveRefused, type OrderActor, type OrderStatus } from '@bazar/contracts';
import { conflict, notFound } from '@bazar/service-kit/http';
import { statusChanged } from './events/order-events';
import { Order, type OrderDocument } from './model/order';
import type { OrderDesk } from './order-desk';
import type { MovableOrder } from './recent-orders';

/**
 * Moves an order to `to` if `actor` may (contracts' mayMoveOrder), in one conditional write on the
 * order that also stores who and when in its history and puts OrderStatusChanged in its outbox: of
 * two moves at once, one wins and the other is decided again on what it left. A move that is not
 * allowed is refused (409, with the status the order has). A shopper reaches only their own orders
 * (`ownerId`); another's answers as if it did not exist.
 *
 * The order is first taken as this replica last wrote it (recent-orders.ts), and read only when that
 * is not known or would not allow the move.
 * Leaving `placed` gives up a place among the shopper's unconfirmed orders (the sweep frees it), a
 * cancellation its delivery slot's place; a cancellation's units go back through its event (the
 * catalog releases the hold once, however often it hears of it).
 */
export async function moveOrder(
  desk: OrderDesk,
  { orderId, to, actor, ownerId }: { orderId: string; to: OrderStatus; actor: OrderActor; ownerId?: string },
): Promise<OrderDocument> {
  const guess = desk.recent.take(orderId);
  const known = guess && (!ownerId || guess.userId === ownerId) && mayMoveOrder(actor, guess.status, to) ? guess : undefined;
  const current = known ?? (await movableOrder(orderId, ownerId));
  if (!current) throw notFound('no-such-order', 'No such order');
  if (!mayMoveOrder(actor, current.status, to))
    throw conflict('order-move-refused', orderMoveRefused(current.status, to), { status: current.status, to });

  const moved = await desk.announcer.findOneAndUpdate<OrderDocument>(
    Order,
    // the event below is made of these fields: the write lands only on the order they describe
    { _id: orderId, status: current.status, userId: current.userId, reservationId: current.reservationId },
    {
      $set: { status: to },
      $push: { history: { status: to, at: new Date(), by: actor } },
      ...(current.status === 'placed' && { $unset: { holdUntil: 1 } }),
    },
    [statusChanged(current, to, actor, current.status)],
  );
  if (!moved) return moveOrder(desk, { orderId, to, actor, ownerId }); // moved meanwhile
  desk.recent.written(moved);
  if (to === 'cancelled' && moved.slot) {
    // its delivery slot's place is free for another order (given back once, however often asked)
    await desk.slots
      .release(moved.slot, moved.reservationId)
      .catch((err: unknown) => desk.log.warn({ err, orderId }, 'giving back a cancelled order’s slot place failed'));
  }
  // Leaving `placed`, the order no longer holds a place among its shopper's unconfirmed orders. The
  // place is not freed here, a write an order: the sweep frees every such place of its pass in one
  // command, and a claim that finds the list full looks at the orders listed first
  // (UnconfirmedOrders), so the limit counts only orders that hold units.
  return moved;
}

/** The order as the database has it, unless it is not there (or not the owner's) or still placing. */
async function movableOrder(orderId: string, ownerId: string | undefined): Promise<MovableOrder | undefined> {
  const order = await Order.findOne({ _id: orderId, ...(ownerId && { userId: ownerId }) })
    .select('status userId reservationId')
    .lean<Pick<OrderDocument, '_id' | 'userId' | 'reservationId' | 'status'>>();
  if (!order || order.status === 'placing') return undefined;
  return { ...order, status: order.status };
}

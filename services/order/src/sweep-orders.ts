import { HttpError } from '@bazar/service-kit';
import { Order, type OrderDocument } from './model/order';
import { moveOrder } from './move-order';
import { PLACING_INTERRUPTED_AFTER_MS, settlePlacing, type OrderDesk } from './place-order';

/** Run by every replica every ORDER_SWEEP_INTERVAL_MS: placed orders left unconfirmed past their
 *  hold are cancelled by the store (their units go back), and placements interrupted midway are
 *  settled; orders the admin's list missed are listed. Every step is a conditional write, so replicas
 *  sweeping at once do each thing once.
 *  It reads the shoppers' lists of unconfirmed orders (OrderHolds), where every order is claimed
 *  before it is written, and each listed order by `_id`: work in step with the orders open now,
 *  not with every order ever placed. */
export function orderSweep(desk: OrderDesk): () => Promise<void> {
  /** claims whose order this replica's sweeps found not written, and since when */
  const unwrittenSince = new Map<string, number>();
  return async () => {
    await desk.listings.catchUp();
    const now = Date.now();
    const unwritten = new Set<string>();
    for (const { _id: userId, open = [] } of await desk.holds.all()) {
      if (open.length === 0) await desk.holds.forgetEmpty(userId);
      for (const orderId of open) {
        try {
          const order = await Order.findById(orderId)
            .select('userId email status holdUntil reservationId items createdAt')
            .lean<OrderDocument>();
          if (!order) {
            // not written yet (its placement is under way) or never (its process died first, or
            // the order was removed behind the service's back): freed once it has stayed unwritten
            // for a whole hold window (as long as an unconfirmed order keeps its place), and never
            // before a placement is taken to have been interrupted
            const since = unwrittenSince.get(orderId) ?? now;
            if (now - since < Math.max(desk.holdWindowMs, PLACING_INTERRUPTED_AFTER_MS)) {
              unwrittenSince.set(orderId, since);
              unwritten.add(orderId);
            } else await desk.holds.release(userId, orderId);
          } else if (order.status === 'placed' && order.holdUntil && order.holdUntil.getTime() <= now) {
            await moveOrder(desk, { orderId, to: 'cancelled', actor: 'system' });
            desk.log.info({ orderId }, 'unconfirmed order expired; cancelled');
          } else if (order.status === 'placing' && now - order.createdAt.getTime() > PLACING_INTERRUPTED_AFTER_MS) {
            await settlePlacing(desk, order);
          } else if (order.status !== 'placing' && order.status !== 'placed') {
            // moved on, and its process stopped before freeing its place
            await desk.holds.release(userId, orderId);
          }
        } catch (err) {
          // another replica got there first (409/404), or a neighbour is away: the next sweep looks again
          if (!(err instanceof HttpError && (err.status === 409 || err.status === 404)))
            desk.log.warn({ err, orderId }, 'sweeping an order failed');
        }
      }
    }
    for (const orderId of unwrittenSince.keys()) if (!unwritten.has(orderId)) unwrittenSince.delete(orderId);
  };
}

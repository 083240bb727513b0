import { HttpError } from '@bazar/service-kit';
import { Order, type OrderDocument } from './model/order';
import { moveOrder } from './move-order';
import { PLACING_INTERRUPTED_AFTER_MS, settlePlacing, type OrderDesk } from './place-order';

/** Run by every replica every ORDER_SWEEP_INTERVAL_MS: placed orders left unconfirmed past their
 *  hold are cancelled by the store (their units go back), and placements interrupted midway are
 *  settled. Every step is a conditional write, so replicas sweeping at once do each thing once. */
export async function sweepOrders(desk: OrderDesk): Promise<void> {
  const now = Date.now();
  const open = await Order.find({ status: { $in: ['placing', 'placed'] } })
    .select('userId email status holdUntil reservationId items createdAt')
    .lean<OrderDocument[]>();
  for (const order of open) {
    try {
      if (order.status === 'placed' && order.holdUntil && order.holdUntil.getTime() <= now) {
        await moveOrder(desk, { orderId: order._id.toString(), to: 'cancelled', actor: 'system' });
        desk.log.info({ orderId: order._id }, 'unconfirmed order expired; cancelled');
      } else if (order.status === 'placing' && now - order.createdAt.getTime() > PLACING_INTERRUPTED_AFTER_MS) {
        await settlePlacing(desk, order);
      }
    } catch (err) {
      // another replica got there first (409/404), or a neighbour is away: the next sweep looks again
      if (!(err instanceof HttpError && (err.status === 409 || err.status === 404)))
        desk.log.warn({ err, orderId: order._id }, 'sweeping an order failed');
    }
  }
}

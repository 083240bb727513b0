import { OrderStatusChanged, TOPICS } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit/kafka';
import type { StockReservations } from '../stock-reservations';

/** order-status-changed: a cancelled order's units go back on the shelf (the release happens once
 *  however often the event comes, so no ledger is kept); a delivered order's hold is forgotten. */
export function settleOrderStock(reservations: StockReservations): EventHandler<typeof OrderStatusChanged> {
  return {
    topic: TOPICS.orderStatusChanged,
    schema: OrderStatusChanged,
    repeatable: true,
    async handle({ payload }) {
      if (payload.status === 'cancelled') await reservations.release(payload.reservationId);
      if (payload.status === 'delivered') await reservations.forget(payload.reservationId);
    },
  };
}

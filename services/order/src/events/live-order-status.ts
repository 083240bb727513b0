import { OrderStatusChanged, TOPICS } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit';
import type { LiveOrders } from '../live-orders';

/** order-status-changed, in every replica: passed on to the live streams its listeners hold. */
export function passOnStatusChanges(live: LiveOrders): EventHandler<typeof OrderStatusChanged> {
  return {
    topic: TOPICS.orderStatusChanged,
    schema: OrderStatusChanged,
    everyReplica: true,
    handle: async (event) => live.publish(event),
  };
}

import { OrderStatusChanged, RoleChanged, TOPICS, UserDeleted } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit/kafka';
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

/** role-changed and user-deleted, in every replica: the streams a replica holds end with the rights
 *  they were opened with (issue 53), wherever the account's browser is connected. */
export function endStreamsWithTheirRights(live: LiveOrders): [EventHandler<typeof RoleChanged>, EventHandler<typeof UserDeleted>] {
  return [
    {
      topic: TOPICS.roleChanged,
      schema: RoleChanged,
      everyReplica: true,
      handle: async ({ payload }) => live.roleChanged(payload.email, payload.role),
    },
    {
      topic: TOPICS.userDeleted,
      schema: UserDeleted,
      everyReplica: true,
      handle: async ({ payload }) => live.accountDeleted(payload.email),
    },
  ];
}

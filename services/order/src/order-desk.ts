import type { Logger } from '@bazar/service-kit';
import type { Announcer } from '@bazar/service-kit/kafka';
import type { DeliverySlots } from './delivery-slots';
import type { Neighbours } from './neighbours';
import type { RecentOrders } from './recent-orders';
import type { ShopperOrders } from './shopper-orders';
import type { UnconfirmedOrders } from './unconfirmed-orders';

/** What placing and moving orders work with. */
export interface OrderDesk {
  neighbours: Neighbours;
  /** the delivery slots' places */
  slots: DeliverySlots;
  /** each shopper's unconfirmed orders, and how many they may have */
  unconfirmed: UnconfirmedOrders;
  /** each shopper's latest orders, for My Orders */
  shopperOrders: ShopperOrders;
  /** the orders this replica wrote last, for the move that follows */
  recent: RecentOrders;
  announcer: Announcer;
  log: Logger;
  /** how long a placed order keeps its units unconfirmed before the store cancels it */
  holdWindowMs: number;
}

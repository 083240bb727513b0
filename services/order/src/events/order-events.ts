import { TOPICS, type OrderActor, type OrderPlaced, type OrderStatus, type OrderStatusChanged } from '@bazar/contracts';
import { newEvent, type OutboxEntry } from '@bazar/service-kit';

interface EventfulOrder {
  _id: { toString(): string };
  userId: string;
  email: string;
  reservationId: string;
  items: { productId: string; quantity: number }[];
}

type NewEntry = Omit<OutboxEntry, 'traceparent'>;

/** The outbox entry announcing an order's move (placing it too), keyed by the order. */
export function statusChanged(
  order: Pick<EventfulOrder, '_id' | 'userId' | 'reservationId'>,
  status: OrderStatus,
  by: OrderActor,
  previous?: OrderStatus,
): NewEntry {
  const event: OrderStatusChanged = newEvent('OrderStatusChanged', {
    orderId: order._id.toString(),
    userId: order.userId,
    reservationId: order.reservationId,
    status,
    ...(previous && { previous }),
    by,
  });
  return { topic: TOPICS.orderStatusChanged, key: event.payload.orderId, event };
}

/** The outbox entries of an order that has just been placed. */
export function orderPlaced(order: EventfulOrder): NewEntry[] {
  const event: OrderPlaced = newEvent('OrderPlaced', {
    orderId: order._id.toString(),
    userId: order.userId,
    userEmail: order.email,
    items: order.items.map(({ productId, quantity }) => ({ productId, quantity })),
  });
  return [{ topic: TOPICS.orderPlaced, key: event.payload.orderId, event }, statusChanged(order, 'placed', 'shopper')];
}

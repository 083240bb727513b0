import { TOPICS, type OrderPlaced } from '@bazar/contracts';
import { newEvent, withOutbox } from '@bazar/service-kit';
import type { Types } from 'mongoose';

/** The outbox fields of a new order: its OrderPlaced event, published by the relay. */
export function orderPlacedOutbox(order: {
  _id: Types.ObjectId;
  email: string;
  items: { productId: string; quantity: number }[];
  cartLineIds: string[];
}) {
  const event: OrderPlaced = newEvent('OrderPlaced', {
    orderId: order._id.toString(),
    userEmail: order.email,
    items: order.items.map(({ productId, quantity }) => ({ productId, quantity })),
    cartLineIds: order.cartLineIds,
  });
  return withOutbox([{ topic: TOPICS.orderPlaced, key: event.payload.orderId, event }]);
}

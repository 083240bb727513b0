import { TOPICS, paisaToTaka, type OrderActor, type OrderPlaced, type OrderStatus, type OrderStatusChanged } from '@bazar/contracts';
import { newEvent, type OutboxEntry } from '@bazar/service-kit/kafka';

interface EventfulOrder {
  _id: { toString(): string };
  userId: string;
  email: string;
  reservationId: string;
  items: { productId: string; quantity: number }[];
}

/** An order as priced when it is placed: what the confirmation mail says (OrderPlaced's `bill`). */
interface PricedOrder extends EventfulOrder {
  items: { productId: string; quantity: number; name: string; name_bn?: string | null; unitPricePaisa: number }[];
  subtotalPaisa: number;
  vatPaisa: number;
  deliveryPaisa: number;
  totalPaisa: number;
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

/** The outbox entries of an order that has just been placed, at its prices. */
export function orderPlaced(order: PricedOrder): NewEntry[] {
  const event: OrderPlaced = newEvent('OrderPlaced', {
    orderId: order._id.toString(),
    userId: order.userId,
    userEmail: order.email,
    items: order.items.map(({ productId, quantity }) => ({ productId, quantity })),
    bill: {
      lines: order.items.map(({ name, name_bn, quantity, unitPricePaisa }) => ({
        name,
        ...(name_bn && { name_bn }),
        quantity,
        lineTotal: paisaToTaka(unitPricePaisa * quantity),
      })),
      subtotal: paisaToTaka(order.subtotalPaisa),
      vat: paisaToTaka(order.vatPaisa),
      delivery: paisaToTaka(order.deliveryPaisa),
      total: paisaToTaka(order.totalPaisa),
    },
  });
  return [{ topic: TOPICS.orderPlaced, key: event.payload.orderId, event }, statusChanged(order, 'placed', 'shopper')];
}

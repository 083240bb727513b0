import type { OrderStatus } from '@bazar/contracts';
import type { OrderDocument } from './model/order';

/** What a move of an order is decided and announced on: its status, and the fields its event
 *  carries, which no move changes. */
export type MovableOrder = Pick<OrderDocument, '_id' | 'userId' | 'reservationId'> & { status: OrderStatus };

/** How many orders a replica remembers: a few minutes of orders at the rates the bench reaches, in
 *  about 2 MB. */
const REMEMBERED = 10_000;

/**
 * The orders this replica wrote last, as it wrote them, so that the move that usually follows (the
 * shopper's Pay on delivery, a moment after placing) need not read the order first. It is only a
 * first guess: a move is still decided by its conditional write, which names the status and the
 * fields the guess gave (another replica or the sweep may have moved the order since), and a guess
 * that misses, or that would refuse the move, is read again from the database.
 */
export class RecentOrders {
  private readonly orders = new Map<string, MovableOrder>();

  written({ _id, userId, reservationId, status }: OrderDocument): void {
    const id = _id.toString();
    this.orders.delete(id); // re-inserted as the newest
    if (status === 'placing' || status === 'delivered' || status === 'cancelled') return; // not moved again
    this.orders.set(id, { _id, userId, reservationId, status: status as OrderStatus });
    if (this.orders.size > REMEMBERED) this.orders.delete(this.orders.keys().next().value!);
  }

  /** The order as this replica last wrote it, taken out: a move writes it again when it lands. */
  take(orderId: string): MovableOrder | undefined {
    const order = this.orders.get(orderId);
    this.orders.delete(orderId);
    return order;
  }
}

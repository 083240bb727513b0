// Orders for the sales report's tests: placed and confirmed through an order service, and orders of
// earlier days, which the service places only now, written as it writes a confirmed one.
import { randomUUID } from 'node:crypto';
import { PlaceOrderAnswer, type Order } from '@bazar/contracts';
import { shopper } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { searchTextOf } from '../src/admin-order-list';
import { Order as StoredOrder, type OrderDocument } from '../src/model/order';

export const DAY_MS = 24 * 3_600_000;

/** An order of `lines` ([product id, pieces]) by a new shopper, placed and confirmed at the order
 *  service at `orderUrl`. */
export async function placedAndConfirmed(orderUrl: string, lines: [string, number][]): Promise<Order> {
  const buyer = shopper('report', { orderUrl });
  for (const [product, pieces] of lines) expect((await buyer.addToCart(product, pieces)).status).toBe(201);
  const answer = await buyer.placeOrder();
  expect(answer.status).toBe(201);
  const { order } = PlaceOrderAnswer.parse(answer.body);
  expect((await buyer.confirm(order._id)).status).toBe(200);
  return order;
}

/** An order of `days` ago like `like` (its lines, its shopper), confirmed then, with `changes`;
 *  answers its id. The test's mongoose connection is the order service's database. Written now, as
 *  the model stamps a write (`updatedAt`): the sales report reads the orders written since its last
 *  read. */
export async function placedDaysAgo(like: Order, days: number, changes: Partial<OrderDocument> = {}): Promise<string> {
  const stored = await StoredOrder.findById(like._id).lean<OrderDocument>();
  const at = new Date(Date.now() - days * DAY_MS);
  const _id = new mongoose.Types.ObjectId();
  const { cartState: _cartState, ...rest } = stored!;
  await StoredOrder.collection.insertOne({
    ...rest,
    _id,
    createdAt: at,
    updatedAt: new Date(),
    reservationId: randomUUID(),
    history: [
      { status: 'placed', at, by: 'shopper' },
      { status: 'confirmed', at, by: 'shopper' },
    ],
    status: 'confirmed',
    holdUntil: undefined,
    outbox: {},
    outboxPending: [],
    ...changes,
    searchText: searchTextOf({ _id, email: changes.email ?? rest.email, phone: changes.phone ?? rest.phone }),
  } as never);
  return _id.toString();
}

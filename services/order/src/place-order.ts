import { orderTotals, takaToPaisa, type OutOfStockAnswer, type PlaceOrder } from '@bazar/contracts';
import { badRequest, conflict, derivedObjectId, fieldRefusal, type Logger, type RequestUser } from '@bazar/service-kit';
import { Types } from 'mongoose';
import { orderPlacedOutbox } from './events/order-placed';
import { Order, type OrderDocument } from './model/order';
import type { Neighbours } from './neighbours';

interface PlaceOrderInput {
  user: RequestUser;
  body: PlaceOrder;
  idempotencyKey: string | undefined;
  neighbours: Neighbours;
  log: Logger;
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && 'code' in err && err.code === 11000;

/** Places the shopper's current cart as an order, pricing every line from the catalog now. The
 *  order and its OrderPlaced event are one document write. With an idempotency key, a repeat of
 *  the request answers the order it already created. */
export async function placeOrder({
  user,
  body,
  idempotencyKey,
  neighbours,
  log,
}: PlaceOrderInput): Promise<{ order: OrderDocument; created: boolean }> {
  if (body.email !== user.email) throw fieldRefusal(403, 'email', 'You can only place orders for your own account');
  const _id = idempotencyKey ? derivedObjectId('order', user.email, idempotencyKey) : new Types.ObjectId();
  const earlier = idempotencyKey && (await Order.findById(_id).lean<OrderDocument>());
  if (earlier) return { order: earlier, created: false };

  const lines = await neighbours.cartOf(user);
  if (lines.length === 0) throw badRequest('Your cart is empty');
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const shelf = new Map(await Promise.all(productIds.map(async (id) => [id, await neighbours.product(id)] as const)));

  const shortages: OutOfStockAnswer['items'] = lines.flatMap((line) => {
    const product = shelf.get(line.productId);
    const available = product?.quantity ?? 0;
    return line.cartQuantity > available
      ? [{ productId: line.productId, name: product?.name ?? line.cartName, requested: line.cartQuantity, available }]
      : [];
  });
  if (shortages.length > 0) {
    throw conflict(`Not enough stock for ${shortages.map((s) => `${s.name} (${s.available} left)`).join(', ')}`, { items: shortages });
  }

  const items = lines.map((line) => {
    const product = shelf.get(line.productId)!;
    return {
      productId: line.productId,
      name: product.name,
      img: product.img,
      unitPricePaisa: product.pricePaisa,
      quantity: line.cartQuantity,
    };
  });
  const totals = orderTotals(items);
  if (body.total !== undefined && takaToPaisa(body.total) !== totals.total) {
    log.warn(
      { clientTotal: body.total, totalPaisa: totals.total, email: user.email },
      'client total differs from the server total; using the server total',
    );
  }

  try {
    const order = await Order.create({
      _id,
      email: user.email,
      name: body.name,
      phone: body.phone ?? '',
      addinfo: body.addinfo ?? '',
      items,
      subtotalPaisa: totals.subtotal,
      vatPaisa: totals.vat,
      deliveryPaisa: totals.delivery,
      totalPaisa: totals.total,
      ...orderPlacedOutbox({ _id, email: user.email, items, cartLineIds: lines.map((line) => line._id) }),
    });
    return { order: order.toObject(), created: true };
  } catch (err) {
    // the same key raced in from a second request: answer the order that won
    if (!idempotencyKey || !isDuplicateKey(err)) throw err;
    const winner = await Order.findById(_id).lean<OrderDocument>();
    if (!winner) throw err;
    return { order: winner, created: false };
  }
}

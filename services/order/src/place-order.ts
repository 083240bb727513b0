import { CART_ALREADY_ORDERED, orderTotals, takaToPaisa, type OutOfStockAnswer, type PlaceOrder } from '@bazar/contracts';
import { badRequest, conflict, derivedObjectId, fieldRefusal, type Logger, type RequestUser } from '@bazar/service-kit';
import { Types } from 'mongoose';
import { orderPlacedOutbox } from './events/order-placed';
import { Order, cartStateOf, type OrderDocument } from './model/order';
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
 *  order, its OrderPlaced event and its claim on the cart state it was placed from are one document
 *  write. With an idempotency key, a repeat of the request answers the order it already created;
 *  any other request for a cart state already ordered is refused (409): answering it with that
 *  order would pass off another tab's name, phone and address as the ones just sent.
 *
 *  A repeat is recognised when the order's write clashes with the one it made, or when a refusal is
 *  due (the first order emptied the cart, or took the last pieces): the usual first request makes no
 *  extra read for it. */
export async function placeOrder({
  user,
  body,
  idempotencyKey,
  neighbours,
  log,
}: PlaceOrderInput): Promise<{ order: OrderDocument; created: boolean }> {
  if (body.email !== user.email) throw fieldRefusal(403, 'email', 'You can only place orders for your own account');
  const _id = idempotencyKey ? derivedObjectId('order', user.email, idempotencyKey) : new Types.ObjectId();
  const earlierOrderOr = async (refusal: Error) => {
    const earlier = idempotencyKey && (await Order.findById(_id).lean<OrderDocument>());
    if (earlier) return { order: earlier, created: false };
    throw refusal;
  };

  const { lines, revision } = await neighbours.cartOf(user);
  if (lines.length === 0) return earlierOrderOr(badRequest('Your cart is empty'));
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
    return earlierOrderOr(
      conflict(`Not enough stock for ${shortages.map((s) => `${s.name} (${s.available} left)`).join(', ')}`, { items: shortages }),
    );
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
      cartState: cartStateOf(user.email, revision),
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
    if (!isDuplicateKey(err)) throw err;
    // the same key placed its order already (a repeat, or a twin request that got there first):
    // answer that order; otherwise another order has claimed this cart state
    return earlierOrderOr(conflict(CART_ALREADY_ORDERED));
  }
}

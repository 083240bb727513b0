import { createHash } from 'node:crypto';
import {
  CART_ALREADY_ORDERED,
  holdLimitReached,
  ORDER_STILL_PLACING,
  orderTotals,
  takaToPaisa,
  verifyEmailBeforeOrdering,
  type HoldLimitAnswer,
  type PlaceOrder,
  type PricedQuantity,
} from '@bazar/contracts';
import { HttpError, badRequest, conflict, fieldRefusal, type RequestUser } from '@bazar/service-kit/http';
import { derivedObjectId, isDuplicateKey } from '@bazar/service-kit/mongo';
import { Types } from 'mongoose';
import { searchTextOf } from './admin-order-list';
import { orderPlaced } from './events/order-events';
import { Order, cartStateOf, type OrderDocument } from './model/order';
import type { Shelf } from './neighbours';
import type { OrderDesk } from './order-desk';

/** An order still `placing` this long is taken to have been interrupted (its request or process
 *  died) and is settled by the sweep. A live placement takes well under a second, and its calls to
 *  the neighbours give up within seconds; should one still be running, settling is safe beside it
 *  (`settlePlacing`). */
export const PLACING_INTERRUPTED_AFTER_MS = 30_000;

/** An order's lines with the totals the server makes of them, as the order stores them. */
function pricedLines<Line extends PricedQuantity>(items: Line[]) {
  const { subtotal, vat, delivery, total } = orderTotals(items);
  return { items, subtotalPaisa: subtotal, vatPaisa: vat, deliveryPaisa: delivery, totalPaisa: total };
}

/** A neighbour's decision (409), as opposed to a failure to reach it. */
const isRefusal = (err: unknown) => err instanceof HttpError && err.status === 409;

/**
 * Places the shopper's current cart as an order, with no multi-document transaction: each step is
 * one single-document write owned by one service, in this order:
 *
 *   1. order service: a place among the shopper's unconfirmed orders (UnconfirmedOrders, which My
 *      Orders reads beside the shopper's list of orders, ShopperOrders), then the order, `placing`,
 *      claiming the cart state it was read at (unique) and its idempotency id
 *   2. catalog: every unit held (`quantity >= n`, per product), or none and a 409 naming each
 *      item short and how many are left; it answers the products' names and prices once held
 *   3. cart: the ordered pieces taken off the cart in one write, or none (409 when the shopper
 *      removed some meanwhile); pieces added meanwhile stay
 *   4. order service: `placed`, priced as the catalog answered at 2, with OrderPlaced and
 *      OrderStatusChanged in its outbox
 *
 * Until then the order carries its lines as the cart had them (names and prices as of adding them),
 * unseen: My Orders and the admin's list show no order still placing.
 *
 * A refusal at 2 or 3 undoes the earlier steps (the hold released, the order removed and its place
 * among the shopper's unconfirmed orders freed) and the cart
 * is as it was. A failure to reach a neighbour, or a crash, is settled by `settlePlacing`, in the
 * request itself or by the sweep: an order whose lines the cart took is placed, any other is undone,
 * the cart first voiding the checkout so a late one cannot take anything. A placed order therefore
 * always holds its units and no longer has its lines in the cart; a line is never ordered twice.
 * An order being undone is withdrawn first (it gives up its claim on the cart state): when the
 * catalog is away, its undoing waits for the catalog, but the shopper's next press of Place Order
 * (with the same key, or a new one) is not refused for it, and finishes it once the catalog is back.
 *
 * Only an account whose email address is verified may order (403 before anything is written).
 *
 * With an idempotency key, a repeat of the request answers the order it already created, and the
 * key sent with other content (another name or address, another cart) is refused (409); any other
 * request for a cart state already ordered is refused (409) too.
 */
export async function placeOrder(
  desk: OrderDesk,
  { user, body, idempotencyKey }: { user: RequestUser; body: PlaceOrder; idempotencyKey: string | undefined },
  /** how many times this request has begun the order again after an earlier attempt was undone */
  begunAgain = 0,
): Promise<{ order: OrderDocument; created: boolean }> {
  if (!user.emailVerified) throw new HttpError(403, 'email-not-verified', verifyEmailBeforeOrdering(user.email), { email: user.email });
  if (body.email !== user.email) throw fieldRefusal(403, 'own-account-only', 'email', 'You can only place orders for your own account');
  const _id = idempotencyKey ? derivedObjectId('order', user.id, idempotencyKey) : new Types.ObjectId();
  // what the key stands for: a repeat must ask for the same order, not reuse the key for another
  const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  const earlierOrderOr = async (refusal: Error, again?: () => Promise<{ order: OrderDocument; created: boolean }>) => {
    const earlier = idempotencyKey && (await settledOrder(_id, user.id));
    // this key's earlier attempt was undone while this request waited for it (its replica died, and
    // the sweep found the cart had not taken its lines): the order is placed again, as once undone
    if (earlier === 'undone' && again) return again();
    if (!earlier || earlier === 'undone') throw refusal;
    if (earlier.requestHash !== requestHash)
      throw conflict('idempotency-key-reused', 'This Idempotency-Key was already used for another order');
    return { order: earlier, created: false };
  };

  // a slot past or full is refused before anything is written (a repeat answers its order, whose
  // place may be the one that filled the slot); otherwise its place is counted while the cart is
  // read, and written at step 2 or given back if the order is not written
  const slotRefusal = body.slot
    ? desk.slots.count(body.slot).then(
        () => undefined,
        (err: unknown) => err as Error,
      )
    : undefined;
  const uncount = async () => {
    if (body.slot && !(await slotRefusal))
      await desk.slots
        .uncount(body.slot)
        .catch((err: unknown) =>
          desk.log.warn({ err, orderId: _id }, 'giving back the slot counted for an order not written failed; the sweep will'),
        );
  };
  const { lines, revision } = await desk.neighbours.cartOf(user).catch(async (err: unknown) => {
    await uncount();
    throw err;
  });
  if (lines.length === 0) {
    await uncount();
    return earlierOrderOr(badRequest('cart-empty', 'Your cart is empty'));
  }
  const refusal = await slotRefusal;
  if (refusal) return earlierOrderOr(refusal);
  const asInCart = pricedLines(
    lines.map((line) => ({
      productId: line.productId,
      name: line.cartName,
      ...(line.cartName_bn && { name_bn: line.cartName_bn }),
      img: line.cartimage,
      unitPricePaisa: takaToPaisa(line.cartPrice),
      quantity: line.cartQuantity,
    })),
  );

  // claimed first, so that every order placing or placed is listed where the sweep looks
  const { limit } = desk.unconfirmed;
  if (!(await desk.unconfirmed.claim(user.id, _id.toString()))) {
    await uncount();
    return earlierOrderOr(conflict('hold-limit-reached', holdLimitReached(limit), { limit } satisfies Partial<HoldLimitAnswer>));
  }
  const unclaim = async () => {
    // a repeat of an order that exists shares its id, and its place: one still open holds it, and
    // one that moved on is named in the shopper's list when the sweep frees it (releaseSettled)
    if (await Order.exists({ _id })) return;
    await desk.unconfirmed.release(user.id, _id.toString());
    await desk.shopperOrders.forget(user.id, _id.toString());
  };
  let placing: OrderDocument;
  try {
    placing = await insertPlacing({
      _id,
      createdAt: new Date(),
      userId: user.id,
      email: user.email,
      name: body.name,
      phone: body.phone ?? '',
      searchText: searchTextOf({ _id, email: user.email, phone: body.phone }),
      addinfo: body.addinfo ?? '',
      ...(body.address && { address: body.address }),
      ...(body.slot && { slot: body.slot }),
      ...asInCart,
      status: 'placing',
      reservationId: new Types.ObjectId().toString(),
      cartState: cartStateOf(user.email, revision),
      requestHash,
    });
  } catch (err) {
    await unclaim().catch((unclaimErr: unknown) =>
      desk.log.warn({ err: unclaimErr, orderId: _id }, 'freeing the place of an order not written failed; the next claim looks again'),
    );
    await uncount();
    if (!isDuplicateKey(err)) throw err;
    // this key's earlier attempt, given up while a neighbour was away and not undone yet: undone now
    // (or a 503 while the neighbour is still away), and the order placed again
    if (idempotencyKey && (await undoWithdrawn(desk, _id))) return placeOrder(desk, { user, body, idempotencyKey }, begunAgain + 1);
    // the same key placed its order already (a repeat, or a twin request that got there first):
    // answer that order; otherwise another order has claimed this cart state
    return earlierOrderOr(
      conflict('cart-already-ordered', CART_ALREADY_ORDERED),
      begunAgain < 2 ? () => placeOrder(desk, { user, body, idempotencyKey }, begunAgain + 1) : undefined,
    );
  }
  const order = await completePlacing(desk, placing);
  if (body.total !== undefined && takaToPaisa(body.total) !== order.totalPaisa) {
    desk.log.warn(
      { clientTotal: body.total, totalPaisa: order.totalPaisa, userId: user.id },
      'client total differs from the server total; using the server total',
    );
  }
  return { order, created: true };
}

/** An order as it is first written, `placing`: what the model adds to a new document left out. */
type NewOrder = Omit<OrderDocument, 'items' | 'history' | 'outbox' | 'outboxPending' | 'updatedAt'> & {
  items: { productId: string; name: string; name_bn?: string; img: string; unitPricePaisa: number; quantity: number }[];
};

/** Writes the order `placing` as it is given, with what the model adds to a new order (its defaults,
 *  timestamps and version) and nothing undefined. Its fields come from the validated request and the
 *  cart's parsed answer: a mongoose document made of them (cast, defaulted, validated, then turned
 *  back into an object) only repeated that, and cost the service three times the CPU of the insert
 *  itself. The one rule of the model that no contract states, a line of at least one piece with a
 *  name, is checked here. */
async function insertPlacing(order: NewOrder): Promise<OrderDocument> {
  if (order.items.some((item) => !Number.isInteger(item.quantity) || item.quantity < 1 || !item.name))
    throw badRequest('invalid-request', 'Every line of an order needs a name and at least one piece');
  const written = { ...order, history: [], outbox: new Map(), outboxPending: [], updatedAt: order.createdAt, __v: 0 };
  await Order.collection.insertOne(written, { ignoreUndefined: true });
  // plain arrays where a hydrated document has mongoose's, as a lean read of it answers
  return written as unknown as OrderDocument;
}

/** How long a repeated request waits for its twin, still placing the same order, to finish. */
const TWIN_WAIT_MS = 5_000;

/** The order with this id, once it is no longer placing (a twin request may be placing it now);
 *  undefined if there is none, 'undone' if the attempt it waited for was undone meanwhile. */
export async function settledOrder(_id: Types.ObjectId, userId: string): Promise<OrderDocument | 'undone' | undefined> {
  const giveUpAt = Date.now() + TWIN_WAIT_MS;
  for (let waited = false; ; waited = true) {
    const order = await Order.findOne({ _id, userId }).lean<OrderDocument>();
    if (!order) return waited ? 'undone' : undefined;
    if (order.status !== 'placing') return order;
    if (Date.now() > giveUpAt) throw conflict('order-still-placing', ORDER_STILL_PLACING);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Steps 2 to 4 of `placeOrder`. */
async function completePlacing(desk: OrderDesk, order: OrderDocument): Promise<OrderDocument> {
  const units = order.items.map(({ productId, quantity }) => ({ productId, quantity }));
  let shelf: Shelf | undefined;
  for (const step of [
    // the units held, and beside them the delivery slot's place (counted before the order was
    // written) written under this attempt: both before the cart takes the lines, which decides the
    // order, and both finished before a refusal undoes them
    async () => {
      const [held, placed] = await Promise.allSettled([
        desk.neighbours.reserve(
          order.reservationId,
          order.items.map(({ productId, quantity, name }) => ({ productId, quantity, name })),
        ),
        order.slot && desk.slots.place(order.slot, order.reservationId),
      ]);
      if (held.status === 'rejected') throw held.reason;
      if (placed.status === 'rejected') throw placed.reason;
      shelf = held.value;
    },
    () => desk.neighbours.checkout(order.reservationId, order.email, units),
  ]) {
    try {
      await step();
    } catch (err) {
      if (isRefusal(err)) {
        // undone now if the catalog answers, or else by the sweep; the refusal is the answer
        await undoPlacing(desk, order).catch((undoErr: unknown) =>
          desk.log.warn({ err: undoErr, orderId: order._id }, 'undoing a refused order failed; the sweep will'),
        );
        throw err;
      }
      const settled = await settlePlacing(desk, order).catch((settleErr: unknown) => {
        desk.log.warn({ err: settleErr, orderId: order._id }, 'settling an interrupted order failed; the sweep will');
        return undefined;
      });
      if (settled) return settled;
      throw err;
    }
  }
  return markPlaced(desk, order, shelf);
}

/** Ends a placement whose outcome is unknown (a neighbour did not answer, a process died): placed if
 *  the cart took its lines, undone otherwise (the undefined answer). Safe in any replica, any
 *  number of times, while the request itself may still be running. */
export async function settlePlacing(desk: OrderDesk, order: OrderDocument): Promise<OrderDocument | undefined> {
  if (!order.withdrawn && (await desk.neighbours.voidCheckout(order.reservationId, order.email)) === 'taken')
    return markPlaced(desk, order);
  await undoPlacing(desk, order);
  return undefined;
}

/** Finishes undoing the placement with this id if it was withdrawn; true if there was one (it is
 *  gone now, with its place and its name). A neighbour still away stops it with that neighbour's
 *  503, and so does an undoing someone else (the sweep) is finishing at this moment: placed again
 *  at once, the order would race that undoing for its place and its name, which go by its id. */
async function undoWithdrawn(desk: OrderDesk, _id: Types.ObjectId): Promise<boolean> {
  const withdrawn = await Order.findOne({ _id, status: 'placing', withdrawn: true }).lean<OrderDocument>();
  if (!withdrawn) return false;
  if (!(await undoPlacing(desk, withdrawn)))
    throw new HttpError(503, 'order-not-completed', 'Your earlier attempt at this order is being undone; try again shortly');
  return true;
}

/** The cart no longer takes this attempt's lines (voided or refused): the order is withdrawn first,
 *  so that its cart state may be ordered again even while a neighbour away keeps the rest from
 *  finishing; then its units go back, the order goes, and so do its place among the shopper's
 *  unconfirmed orders and its name in their list. Only this attempt is touched (its reservation
 *  names it): a later attempt with the same Idempotency-Key has the same id. The place and the name
 *  are freed by whoever removed the attempt; true if that was this call. */
async function undoPlacing(desk: OrderDesk, order: OrderDocument): Promise<boolean> {
  const attempt = { _id: order._id, status: 'placing' as const, reservationId: order.reservationId };
  await Order.updateOne(attempt, { $set: { withdrawn: true }, $unset: { cartState: 1 } });
  await desk.neighbours.release(order.reservationId);
  if (order.slot) await desk.slots.release(order.slot, order.reservationId);
  if ((await Order.deleteOne(attempt)).deletedCount === 0) return false;
  await desk.unconfirmed.release(order.userId, order._id.toString());
  await desk.shopperOrders.forget(order.userId, order._id.toString());
  return true;
}

/** Places the order at the prices of `shelf` (the catalog's answer to holding its units); where
 *  that answer was not heard (a settled placement), they are looked up now. A product no longer
 *  sold keeps the line the cart had. */
async function markPlaced(desk: OrderDesk, order: OrderDocument, shelf?: Shelf): Promise<OrderDocument> {
  const sold = shelf ?? (await desk.neighbours.products([...new Set(order.items.map((item) => item.productId))]));
  const priced = pricedLines(
    order.items.map(({ productId, quantity, ...asInCart }) => {
      const product = sold.get(productId);
      if (!product) return { productId, quantity, ...asInCart };
      const { name, name_bn, img, pricePaisa } = product;
      return { productId, quantity, name, ...(name_bn && { name_bn }), img, unitPricePaisa: pricePaisa };
    }),
  );
  const at = new Date();
  const placed = await desk.announcer.findOneAndUpdate<OrderDocument>(
    Order,
    { _id: order._id, status: 'placing' },
    {
      $set: {
        status: 'placed',
        holdUntil: new Date(at.getTime() + desk.holdWindowMs),
        ...priced,
      },
      $push: { history: { status: 'placed', at, by: 'shopper' } },
    },
    orderPlaced({ ...order, ...priced }),
  );
  if (placed) {
    desk.recent.written(placed);
    return placed;
  }
  // placed meanwhile by the sweep (or by the request, for the sweep)
  const current = await Order.findById(order._id).lean<OrderDocument>();
  if (current && current.status !== 'placing') return current;
  throw new HttpError(503, 'order-not-completed', 'Your order could not be completed; try again shortly');
}

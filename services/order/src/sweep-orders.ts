import { HttpError } from '@bazar/service-kit/http';
import { readByIds } from '@bazar/service-kit/mongo';
import { Types } from 'mongoose';
import { holdsUnits, Order, type OrderDocument } from './model/order';
import { moveOrder } from './move-order';
import type { OrderDesk } from './order-desk';
import { PLACING_INTERRUPTED_AFTER_MS, settlePlacing } from './place-order';

/** Run every ORDER_SWEEP_INTERVAL_MS (`sweepEveryMs`) by the replica holding its lease: placed
 *  orders left unconfirmed past their hold are cancelled by the store (their units go back),
 *  placements interrupted midway are settled, and those withdrawn while a neighbour was away are
 *  undone; a place claimed for an order never written is freed (UnwrittenClaims); the places of
 *  orders that moved on are freed together; a delivery slot's count is brought to its places where
 *  a process stopped between the two (DeliverySlots.correctCounts), and a place no order holds is
 *  given back (giveBackUnheldPlaces). Every step is a
 *  conditional write, so replicas sweeping at once (a lease lapsed, Redis away) do each thing once.
 *  It reads the shoppers' lists of unconfirmed orders (UnconfirmedOrders), where every order is claimed
 *  before it is written, and the listed orders by `_id`, IDS_A_COMMAND in a read: work in step with
 *  the orders open now, not with every order ever placed. */
export function orderSweep(desk: OrderDesk, sweepEveryMs: number): () => Promise<void> {
  const unwritten = new UnwrittenClaims(Math.max(desk.holdWindowMs, PLACING_INTERRUPTED_AFTER_MS));
  const placeGraceMs = slotPlaceGraceMs(sweepEveryMs);
  return async () => {
    const now = Date.now();
    const lists = await desk.unconfirmed.all();
    const claims = lists.flatMap(({ _id: userId, open = [] }) => open.map((orderId) => ({ userId, orderId })));
    const orders = await claimedOrders(claims.map(({ orderId }) => orderId));
    // the places of orders that moved on (a move leaves its place to the sweep), freed in one command
    const settled = new Set(
      claims.filter(({ orderId }) => {
        const status = orders.get(orderId)?.status;
        return status !== undefined && !holdsUnits(status);
      }),
    );
    for (const claim of claims)
      if (!settled.has(claim)) await sweepOrder(desk, { ...claim, order: orders.get(claim.orderId), now, unwritten });
    await desk.unconfirmed
      .releaseSettled([...settled])
      .catch((err: unknown) => desk.log.warn({ err }, 'freeing the places of settled orders failed; the next sweep tries again'));
    // lists empty now go too; one a claim refilled meanwhile stays (forgetEmpty removes only empty ones)
    const left = new Set(claims.filter((claim) => !settled.has(claim)).map(({ userId }) => userId));
    await desk.unconfirmed.forgetEmpty(lists.filter(({ _id }) => !left.has(_id)).map(({ _id }) => _id));
    unwritten.forgetUnseen();
    // after the settling above, whose undoing gives its own places back; the counts first, which
    // also moves the takers of a slot's document of an earlier shape to places the next step sees
    const corrected = await desk.slots.correctCounts(placeGraceMs, new Date(now)).catch((err: unknown) => {
      desk.log.warn({ err }, 'bringing delivery slots’ counts to their places failed; the next sweep tries again');
      return 0;
    });
    if (corrected > 0) desk.log.info({ corrected }, 'delivery slots’ counts brought to their places');
    const givenBack = await giveBackUnheldPlaces(desk, now, placeGraceMs).catch((err: unknown) => {
      desk.log.warn({ err }, 'giving back delivery slot places no order holds failed; the next sweep tries again');
      return 0;
    });
    if (givenBack > 0) desk.log.info({ givenBack }, 'delivery slot places no order holds given back');
  };
}

/**
 * How old a reservation must be before the sweep gives back a slot place it holds with no order
 * holding it: never while its placement may still be running. A placement writes its order before
 * it writes its place (place-order.ts), so a place without an order is one no placement will use,
 * and the wait is a margin should reads or writes ever cross: a placement running longer than
 * PLACING_INTERRUPTED_AFTER_MS counts as interrupted and is settled (placed, or undone with its
 * place) by the sweep's next pass, at most a sweep's period on. The hold window plays no part: it is
 * how long a placed order keeps its units, and a placed order holds its place.
 */
const slotPlaceGraceMs = (sweepEveryMs: number) => PLACING_INTERRUPTED_AFTER_MS + sweepEveryMs;

/** When a reservation was made: its id is an ObjectId the placement made (to the second). NaN for a
 *  taker that is no such id, which is never given back. */
const reservedAt = (reservationId: string): number =>
  /^[0-9a-f]{24}$/.test(reservationId) ? new Types.ObjectId(reservationId).getTimestamp().getTime() : Number.NaN;

/**
 * Gives back the places of today's and tomorrow's delivery slots that no order holds: their
 * reservation's order is gone (undone, by the sweep, while its request lay stalled before taking
 * the place; removed behind the service's back) or cancelled by a process that stopped before giving
 * its place back. Without this such a place stays taken and the slot shows full with fewer orders
 * than its capacity. Only places older than `graceMs` are looked at; a slot's orders are read through
 * the orders' `slot` index (at most its capacity, and its cancelled ones). Each place goes back by the
 * conditional write that gives back a cancelled order's (`DeliverySlots.release`: only while the
 * reservation's place is there to remove), so two replicas give it back once. Answers how
 * many this sweep gave back.
 */
async function giveBackUnheldPlaces(desk: OrderDesk, now: number, graceMs: number): Promise<number> {
  const due = (await desk.slots.placesTaken(new Date(now))).flatMap(({ slot, takers }) =>
    takers.filter((taker) => now - reservedAt(taker) >= graceMs).map((taker) => ({ slot, taker })),
  );
  if (due.length === 0) return 0;
  const holding = await Order.find({
    slot: { $in: [...new Set(due.map(({ slot }) => slot))] },
    reservationId: { $in: due.map(({ taker }) => taker) },
    status: { $ne: 'cancelled' },
  })
    .select('reservationId')
    .lean<Pick<OrderDocument, 'reservationId'>[]>();
  const held = new Set(holding.map(({ reservationId }) => reservationId));
  let givenBack = 0;
  for (const { slot, taker } of due) if (!held.has(taker) && (await desk.slots.release(slot, taker))) givenBack++;
  return givenBack;
}

/** The claimed orders that are written, by id, with what the sweep looks at. Read together: at 60
 *  orders a second a sweep met about 120 open orders, and one at a time their reads took 4.8 s. */
async function claimedOrders(ids: string[]): Promise<Map<string, OrderDocument>> {
  const orders = await readByIds<OrderDocument>(Order, ids, {
    fields: 'userId email status holdUntil reservationId items createdAt withdrawn slot',
  });
  return new Map(orders.map((order) => [order._id.toString(), order]));
}

async function sweepOrder(
  desk: OrderDesk,
  {
    userId,
    orderId,
    order,
    now,
    unwritten,
  }: { userId: string; orderId: string; order?: OrderDocument; now: number; unwritten: UnwrittenClaims },
): Promise<void> {
  try {
    if (!order) {
      // looked for again before its place is freed: it may have been written since the sweep's read
      if (unwritten.overdue(orderId, now) && !(await Order.exists({ _id: orderId }))) await desk.unconfirmed.release(userId, orderId);
    } else if (order.status === 'placed' && order.holdUntil && order.holdUntil.getTime() <= now) {
      await moveOrder(desk, { orderId, to: 'cancelled', actor: 'system' });
      desk.log.info({ orderId }, 'unconfirmed order expired; cancelled');
    } else if (order.status === 'placing' && (order.withdrawn || now - order.createdAt.getTime() > PLACING_INTERRUPTED_AFTER_MS)) {
      await settlePlacing(desk, order);
    }
  } catch (err) {
    // another replica got there first (409/404), or a neighbour is away: the next sweep looks again
    if (!(err instanceof HttpError && (err.status === 409 || err.status === 404)))
      desk.log.warn({ err, orderId }, 'sweeping an order failed');
  }
}

/**
 * Claims whose order a sweep of this replica found not written: its placement is under way, or never
 * wrote it (its process died first, or the order was removed behind the service's back). A claim is
 * freed once its order has stayed unwritten `freedAfterMs`: a whole hold window (as long as an
 * unconfirmed order keeps its place), and never before a placement counts as interrupted.
 */
class UnwrittenClaims {
  private readonly since = new Map<string, number>();
  private readonly seen = new Set<string>();

  constructor(private readonly freedAfterMs: number) {}

  /** Notes that the claim's order is not written now; true once it has not been for `freedAfterMs`. */
  overdue(orderId: string, now: number): boolean {
    const since = this.since.get(orderId) ?? now;
    this.since.set(orderId, since);
    this.seen.add(orderId);
    return now - since >= this.freedAfterMs;
  }

  /** Forgets the claims the sweep just ended did not find (freed, or their order written since). */
  forgetUnseen(): void {
    for (const orderId of this.since.keys()) if (!this.seen.has(orderId)) this.since.delete(orderId);
    this.seen.clear();
  }
}

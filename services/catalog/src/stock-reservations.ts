import {
  outOfStockMessage,
  ProductList,
  type OutOfStockAnswer,
  type Product as ProductAnswer,
  type StockReservation,
} from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { conflict } from '@bazar/service-kit/http';
import { deleteByIds, isDuplicateKey } from '@bazar/service-kit/mongo';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { Product, toProductAnswer, type AnswerFields, type ProductDocument } from './model/product';
import { Reservation, returnedMarker, takenMarker, type ReservationDocument } from './model/reservation';
import type { ShelfCache } from './shelf-cache';

type Item = StockReservation['items'][number];

/** A reservation left `reserving` or `releasing` this long is taken to have been interrupted (its
 *  request or process died) and is finished by the sweep; a live step takes milliseconds. */
export const INTERRUPTED_AFTER_MS = 30_000;
/** How long a finished release keeps its return markers on the products: a second release that read
 *  `releasing` just before the first ended (a repeated event, the sweep) must still find them. Its
 *  own writes take milliseconds; this is ample. */
const RETURN_MARKERS_KEPT_MS = 5_000;
/** How long held reservations wait to be settled together: at 20 orders a second, one write a
 *  product instead of one an order. */
const SETTLE_DELAY_MS = 500;
/** How long a tombstone is kept, refusing a reserve request that comes after its release. */
const TOMBSTONE_KEPT_MS = 60 * 60_000;

/**
 * Orders' holds on the shelf. Every stock change is one conditional single-document write on the
 * product (no multi-document transaction): taking needs `quantity >= n`, so concurrent orders cannot
 * take more than there is, and each change carries its reservation's marker, so it is made at most
 * once whoever repeats it. See model/reservation.ts for the states.
 */
export class StockReservations {
  /** reservations held and not settled yet, with their items */
  private readonly toSettle = new Map<string, Item[]>();
  private settleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly shelf: ShelfCache,
    private readonly log: Logger,
  ) {}

  /** Holds every unit of `items` for the reservation, or none: a 409 names each item short and how
   *  many are left. Answers the held products as the shelf has them now. Repeating a reservation
   *  that is held changes nothing.
   *
   *  Once every unit is taken the answer goes at once: the reservation is marked `held` with the
   *  settling, in one command for all the reservations of half a second (`settleHeld`), not in a
   *  write of its own. Until then it is `reserving` with every take marker on its products, which
   *  tells it from one whose request stopped midway (the sweep, `finishInterrupted`). */
  async reserve(reservationId: string, items: Item[]): Promise<ProductAnswer[]> {
    try {
      // written as it is, with the model's defaults and timestamps: the items are the contract's,
      // validated on the way in, and a mongoose document of them only repeated that at three times
      // the insert's own CPU
      const at = new Date();
      await Reservation.db.collection<ReservationDocument & { createdAt: Date }>(Reservation.collection.collectionName).insertOne({
        _id: reservationId,
        items: items.map(({ productId, quantity }) => ({ productId, quantity })),
        state: 'reserving',
        settled: false,
        createdAt: at,
        updatedAt: at,
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const earlier = await Reservation.findById(reservationId).lean<ReservationDocument>();
      const held = earlier?.state === 'held' || (earlier?.state === 'reserving' && (await this.everyUnitTaken(earlier)));
      if (held) return ProductList.parse(JSON.parse(await this.shelf.answers(items.map((item) => item.productId))));
      throw conflict('order-withdrawn', 'This order was withdrawn; place it again');
    }

    const taken: Item[] = [];
    const held: AnswerFields[] = [];
    for (const item of items) {
      const product = await this.take(reservationId, item);
      if (!product) break;
      taken.push(item);
      held.push(product);
    }
    if (taken.length < items.length) {
      await Promise.all(taken.map((item) => this.giveBackTaken(reservationId, item)));
      // refused whole in this request: nothing is left to remember
      await Reservation.deleteOne({ _id: reservationId, state: 'reserving' });
      const short = await this.shortages(items);
      throw conflict('out-of-stock', outOfStockMessage(short), { items: short });
    }

    // Released meanwhile (the order gave up waiting), a unit this request took after the release
    // gave back that product's is given back by the settling, which finds it not `reserving`. The
    // answer may still say held: the order that released it is no longer placed, whatever it hears.
    this.toSettle.set(reservationId, items);
    this.settleTimer ??= setTimeout(() => void this.settleHeld(), SETTLE_DELAY_MS).unref();
    return held.map(toProductAnswer);
  }

  /** Settles the reservations answered since the last time: they are marked `held` in one command
   *  (each only from `reserving`), then each product's take markers of all of them go in one write
   *  (orders for the same product come together), and the reservations are marked settled in one
   *  command. One released before it was marked held gives back here what its request took after
   *  the release had passed that product (the take marker says which). What a crash leaves, the
   *  sweep finishes. */
  private async settleHeld(): Promise<void> {
    this.settleTimer = undefined;
    const answered = [...this.toSettle];
    this.toSettle.clear();
    try {
      const held = await this.markHeld(answered);
      if (held.length === 0) return;
      const markersByProduct = new Map<string, string[]>();
      for (const [reservationId, items] of held)
        for (const { productId } of items)
          markersByProduct.set(productId, [...(markersByProduct.get(productId) ?? []), takenMarker(reservationId)]);
      await Product.bulkWrite(
        [...markersByProduct].map(([productId, markers]) => ({
          updateOne: { filter: { _id: productId }, update: { $pullAll: { pendingStock: markers } } },
        })),
        { ordered: false },
      );
      // only a reservation still held: one released meanwhile settles its own markers
      await Reservation.bulkWrite(
        held.map(([reservationId]) => ({
          updateOne: { filter: { _id: reservationId, state: 'held' }, update: { $set: { settled: true } } },
        })),
        { ordered: false },
      );
    } catch (err) {
      this.log.warn({ err, reservations: answered.length }, 'settling reservations failed; the sweep will');
    }
  }

  /** Marks the answered reservations `held`, and answers those that are. One that is not was released
   *  before (and may be gone since): what its request took after the release passed a product goes
   *  back now, once, whoever gets to the product first. One released from `held` (a sweep marked it)
   *  is the release's to finish, which takes its take markers off first. */
  private async markHeld(answered: [string, Item[]][]): Promise<[string, Item[]][]> {
    const marked = await Reservation.bulkWrite(
      answered.map(([reservationId]) => ({
        updateOne: { filter: { _id: reservationId, state: 'reserving' }, update: { $set: { state: 'held' } } },
      })),
      { ordered: false },
    );
    if (marked.modifiedCount === answered.length) return answered;
    const states = new Map(
      (
        await Reservation.find({ _id: { $in: answered.map(([reservationId]) => reservationId) } })
          .select('state releasedFrom')
          .lean<Pick<ReservationDocument, '_id' | 'state' | 'releasedFrom'>[]>()
      ).map((reservation) => [reservation._id, reservation]),
    );
    const held: [string, Item[]][] = [];
    for (const [reservationId, items] of answered) {
      const now = states.get(reservationId);
      if (now?.state === 'held') held.push([reservationId, items]);
      else if (now?.state !== 'reserving' && now?.releasedFrom !== 'held')
        await Promise.all(items.map((item) => this.giveBackTaken(reservationId, item)));
    }
    return held;
  }

  /** How many of the reservation's products still carry its take marker, of how many it names:
   *  all of them, every unit was taken and nothing of it given back; none, nothing is left to give. */
  private async productsTaken({ _id, items }: Pick<ReservationDocument, '_id' | 'items'>): Promise<{ taken: number; of: number }> {
    const productIds = [...new Set(items.map((item) => item.productId))];
    // a find, not a count: the local database answers a count by reading the whole collection
    const marked = await Product.find({ _id: { $in: productIds }, pendingStock: takenMarker(_id) })
      .select('_id')
      .lean<{ _id: unknown }[]>();
    return { taken: marked.length, of: productIds.length };
  }

  private async everyUnitTaken(reservation: Pick<ReservationDocument, '_id' | 'items'>): Promise<boolean> {
    const { taken, of } = await this.productsTaken(reservation);
    return of > 0 && taken === of;
  }

  /** Gives back whatever the reservation holds, once, however often it is asked; a reservation not
   *  seen yet is released before it begins (a late reserve request is then refused). */
  async release(reservationId: string): Promise<void> {
    const before = await Reservation.findOneAndUpdate(
      { _id: reservationId },
      { $setOnInsert: { items: [], state: 'released', settled: true } },
      { upsert: true, returnDocument: 'before' },
    ).lean<ReservationDocument>();
    if (!before || before.state === 'released') return;
    if (before.state !== 'releasing') {
      const { modifiedCount } = await Reservation.updateOne(
        { _id: reservationId, state: before.state },
        { $set: { state: 'releasing', releasedFrom: before.state, settled: false } },
      );
      if (modifiedCount === 0) return this.release(reservationId); // it moved meanwhile: look again
    }
    await this.finishRelease(reservationId);
  }

  /** A held reservation whose order was delivered: its units are sold for good, nothing to keep. */
  async forget(reservationId: string): Promise<void> {
    await Reservation.deleteOne({ _id: reservationId, state: 'held', settled: true });
  }

  /** Finishes what an interrupted request or process left: reservations stuck while reserving are
   *  released (their order never learned it got the units), releases are completed, markers of
   *  finished steps removed. Safe to run in every replica at once. */
  async finishInterrupted(): Promise<void> {
    const now = Date.now();
    const unfinished = await Reservation.find({ $or: [{ state: { $in: ['reserving', 'releasing'] } }, { settled: false }] })
      .select('items state releasedFrom updatedAt')
      .lean<ReservationDocument[]>();
    for (const reservation of unfinished) {
      const age = now - reservation.updatedAt.getTime();
      if (reservation.state === 'reserving' && age > INTERRUPTED_AFTER_MS && (await this.everyUnitTaken(reservation))) {
        // every unit taken, so its request may have answered held before the process died: held it
        // stays, and its order releases it if it is not placed (settlePlacing)
        await Reservation.updateOne({ _id: reservation._id, state: 'reserving' }, { $set: { state: 'held' } });
        await this.settle(reservation._id, reservation.items, takenMarker(reservation._id));
      } else if (reservation.state === 'reserving' || reservation.state === 'releasing') {
        if (age > INTERRUPTED_AFTER_MS) await this.release(reservation._id);
      } else if (reservation.state === 'held' && age > INTERRUPTED_AFTER_MS) {
        await this.settle(reservation._id, reservation.items, takenMarker(reservation._id));
      } else if (reservation.state === 'released' && age > RETURN_MARKERS_KEPT_MS) {
        // released while reserving, by a process that died before settling what its request took
        // after the release passed a product (`markHeld`): that goes back first
        if (reservation.releasedFrom === 'reserving' && (await this.productsTaken(reservation)).taken > 0)
          for (const item of reservation.items) await this.giveBackTaken(reservation._id, item);
        // given back and settled: nothing is left to remember
        await this.settleMarkers(reservation.items, returnedMarker(reservation._id));
        await Reservation.deleteOne({ _id: reservation._id, state: 'released' });
      }
    }
    await this.forgetTombstones(new Date(Date.now() - TOMBSTONE_KEPT_MS));
  }

  /** A tombstone (released before it was reserved) is needed only while that request could arrive.
   *  They pile up while the catalog is away and orders are given up (about 36,000 in ten minutes at
   *  60 orders a second), so they go IDS_A_COMMAND at a time: one command matching them all is
   *  refused by the local database above 32,766, and then none would ever go. */
  private async forgetTombstones(releasedBefore: Date): Promise<void> {
    const expired = { state: 'released' as const, settled: true, updatedAt: { $lt: releasedBefore } };
    const ids = (await Reservation.find(expired).select('_id').lean<{ _id: string }[]>()).map(({ _id }) => _id);
    await deleteByIds(Reservation, ids, expired);
  }

  private async finishRelease(reservationId: string): Promise<void> {
    const reservation = await Reservation.findById(reservationId).lean<ReservationDocument>();
    if (reservation?.state !== 'releasing') return;
    if (reservation.releasedFrom === 'held') {
      // everything was taken; the take markers go first, as one array cannot be pushed to and
      // pulled from in one write
      await this.settleMarkers(reservation.items, takenMarker(reservationId));
      for (const item of reservation.items) await this.giveBackHeld(reservationId, item);
    } else {
      for (const item of reservation.items) await this.giveBackTaken(reservationId, item);
    }
    // The return markers stay until the sweep (RETURN_MARKERS_KEPT_MS on): a second release that read
    // `releasing` before this one ended must still find them, or it would give back again.
    await Reservation.updateOne({ _id: reservationId, state: 'releasing' }, { $set: { state: 'released' } });
  }

  /** Takes one item's units if the shelf holds them: the product as it is then, or null. */
  private async take(reservationId: string, { productId, quantity }: Item): Promise<AnswerFields | null> {
    return this.changeStock(
      { _id: productId, quantity: { $gte: quantity }, pendingStock: { $ne: takenMarker(reservationId) } },
      { $inc: { quantity: -quantity, sold: quantity, revision: 1 }, $push: { pendingStock: takenMarker(reservationId) } },
    );
  }

  /** Gives back an item taken by a reservation not yet held: only if its take marker is there. */
  private async giveBackTaken(reservationId: string, { productId, quantity }: Item): Promise<void> {
    await this.changeStock(
      { _id: productId, pendingStock: takenMarker(reservationId) },
      { $inc: { quantity, sold: -quantity, revision: 1 }, $pull: { pendingStock: takenMarker(reservationId) } },
    );
  }

  /** Gives back an item of a held reservation, once: the return marker records it. */
  private async giveBackHeld(reservationId: string, { productId, quantity }: Item): Promise<void> {
    await this.changeStock(
      { _id: productId, pendingStock: { $ne: returnedMarker(reservationId) } },
      { $inc: { quantity, sold: -quantity, revision: 1 }, $push: { pendingStock: returnedMarker(reservationId) } },
    );
  }

  /** One conditional stock write; the product's new answer goes to the cache at once. The product
   *  as changed, or null where the filter matched none. */
  private async changeStock(filter: QueryFilter<ProductDocument>, change: UpdateQuery<ProductDocument>): Promise<AnswerFields | null> {
    // the whole document: the local database's findAndModify takes no projection
    const changed = await Product.findOneAndUpdate(filter, change, { returnDocument: 'after' }).lean<AnswerFields>();
    if (changed) await this.shelf.stored(changed);
    return changed;
  }

  private async settle(reservationId: string, items: Item[], marker: string): Promise<void> {
    await this.settleMarkers(items, marker);
    await Reservation.updateOne({ _id: reservationId, state: 'held' }, { $set: { settled: true } });
  }

  private async settleMarkers(items: Item[], marker: string): Promise<void> {
    await Promise.all(items.map(({ productId }) => Product.updateOne({ _id: productId }, { $pull: { pendingStock: marker } })));
  }

  /** The items the shelf cannot give in full now, with how many are left. */
  private async shortages(items: Item[]): Promise<OutOfStockAnswer['items']> {
    // one look-up in the _id index each
    const products = await Promise.all(
      items.map(({ productId }) => Product.findById(productId, 'name quantity').lean<{ name: string; quantity: number }>()),
    );
    return items.flatMap(({ productId, quantity, name }, at) => {
      const product = products[at];
      const available = product?.quantity ?? 0;
      return quantity > available
        ? [{ productId, name: product?.name ?? name ?? 'A product no longer sold', requested: quantity, available }]
        : [];
    });
  }
}

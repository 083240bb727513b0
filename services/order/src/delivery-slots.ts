import {
  SLOT_FULL,
  SLOT_NOT_OFFERED,
  SLOT_PAST,
  offeredDays,
  slotRefusal,
  slotsOn,
  slotWindow,
  type DeliverySlot,
  type DeliverySlotList,
} from '@bazar/contracts';
import { HttpError, conflict, notFound } from '@bazar/service-kit/http';
import { isDuplicateKey, readByIds, readModel } from '@bazar/service-kit/mongo';
import {
  DeliverySlotCounts,
  DeliverySlotPlaces,
  SLOT_SETTINGS_ID,
  SlotSettings,
  type DeliverySlotDocument,
  type DeliverySlotPlaceDocument,
} from './model/delivery-slot';

/** Countings of one slot racing each other are decided again on what the winner left, this often. */
const ATTEMPTS = 10;

/**
 * The delivery slots' places (issue 54). The last place of a slot goes to one placement only, as
 * the last units of a product do: a place is counted by one conditional write on the slot's document
 * (`taken` below its capacity), then written as a document of its own under its taker, and given
 * back by removing that document, then counting it out (model/delivery-slot.ts says why in this
 * order). A place written or given back again does nothing more, and neither costs more in a full
 * slot than in an empty one.
 */
export class DeliverySlots {
  /** each slot's own capacity as last read (null: the store's default), by slot: a counting's write
   *  holds the slot to it, so a stale one matches nothing and the slot is read and decided as usual */
  private readonly ownCapacities = new Map<string, number | null>();
  /** the store's default capacity as last read */
  private lastDefault: number | undefined;
  /** the slots `correctCounts` found right, by when their count last moved: not counted again
   *  until it moves */
  private readonly foundRight = new Map<string, number>();

  constructor(private readonly configuredCapacity: number) {}

  async defaultCapacity(): Promise<number> {
    const settings = await SlotSettings.findById(SLOT_SETTINGS_ID).lean<{ defaultCapacity: number }>();
    this.lastDefault = settings?.defaultCapacity ?? this.configuredCapacity;
    return this.lastDefault;
  }

  /** Today's and tomorrow's slots in Bangladesh, as offered at `now`. */
  async list(now = new Date()): Promise<DeliverySlotList> {
    const ids = offeredDays(now).flatMap(slotsOn);
    const [defaultCapacity, docs] = await Promise.all([
      this.defaultCapacity(),
      readByIds<DeliverySlotDocument>(DeliverySlotCounts, ids, { fields: 'taken capacity' }),
    ]);
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    for (const id of ids) this.remember(id, byId.get(id));
    return { defaultCapacity, slots: ids.map((id) => slotAnswer(id, byId.get(id), defaultCapacity, now)) };
  }

  /**
   * Counts a place in `slot` for a placement, or refuses (409) a slot that cannot be chosen now: not
   * today's or tomorrow's, started, or full; a refusal changes nothing. The placement then writes its
   * place (`place`) once its order is written, or gives the count back (`uncount`) if it writes none.
   * One conditional write decides, on the slot's own capacity as last read, with the store's default
   * read beside it: a guess gone stale matches nothing (or is counted out again, should the admin
   * have lowered the default meanwhile), and the slot is then read and decided as before. A slot's
   * first place writes the slot's document with its count.
   */
  async count(slot: string, now = new Date()): Promise<void> {
    const refusal = slotRefusal(slot, now);
    if (refusal)
      throw refusal === 'past' ? conflict('slot-past', SLOT_PAST, { slot }) : conflict('slot-not-offered', SLOT_NOT_OFFERED, { slot });
    const own = this.ownCapacities.get(slot) ?? null;
    const guessedDefault = this.lastDefault ?? this.configuredCapacity;
    const [defaultCapacity, counted] = await Promise.all([this.defaultCapacity(), this.countIfRoom(slot, own ?? guessedDefault, own)]);
    // counted below the slot's own capacity, or below a default no higher than the one read now
    if (counted && (own !== null || guessedDefault <= defaultCapacity)) return;
    if (counted) await this.countOut(slot);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [doc, defaultCapacity] = await Promise.all([this.countOf(slot), this.defaultCapacity()]);
      this.remember(slot, doc ?? undefined);
      const capacity = doc?.capacity ?? defaultCapacity;
      if ((doc?.taken ?? 0) >= capacity) break;
      if (await this.countIfRoom(slot, capacity, doc?.capacity ?? null)) return;
    }
    throw conflict('slot-full', SLOT_FULL, { slot });
  }

  /** Writes `taker`'s place in `slot`, counted in already by `count`; a taker holding one (a place
   *  written again) gives the count back. */
  async place(slot: string, taker: string): Promise<void> {
    try {
      await DeliverySlotPlaces.create({ _id: taker, slot, at: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.countOut(slot);
    }
  }

  /** Gives back a place `count` counted in `slot` for a placement that writes no place after all
   *  (its order was not written). */
  async uncount(slot: string): Promise<void> {
    await this.countOut(slot);
  }

  /** Counts and writes a place in `slot` for `taker` at once, or refuses (409) when the slot cannot
   *  be chosen; a taker holding one already keeps it. */
  async take(slot: string, taker: string, now = new Date()): Promise<void> {
    try {
      await this.count(slot, now);
    } catch (err) {
      if (err instanceof HttpError && err.code === 'slot-full' && (await DeliverySlotPlaces.exists({ _id: taker, slot }))) return;
      throw err;
    }
    await this.place(slot, taker);
  }

  private remember(slot: string, doc: DeliverySlotDocument | undefined): void {
    if (this.ownCapacities.size > 100) this.ownCapacities.clear();
    this.ownCapacities.set(slot, doc?.capacity ?? null);
  }

  private countOf(slot: string): Promise<DeliverySlotDocument | null> {
    return DeliverySlotCounts.findById(slot).select('taken capacity').lean<DeliverySlotDocument>();
  }

  /** The conditional write that counts a place in: true if it did. */
  private async countIfRoom(slot: string, capacity: number, own: number | null): Promise<boolean> {
    try {
      const { modifiedCount, upsertedCount } = await DeliverySlotCounts.updateOne(
        // the capacity as read: an admin's change meanwhile has the counting decided again
        { _id: slot, taken: { $lt: capacity }, capacity: own },
        { $inc: { taken: 1 } },
        // a slot's first place writes its document, where the default leaves room for one
        { upsert: own === null && capacity > 0 },
      );
      return modifiedCount + upsertedCount === 1;
    } catch (err) {
      // the slot's document is there and matched nothing (full, or its capacity changed), or a first
      // place racing this one wrote it
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  private async countOut(slot: string): Promise<void> {
    await DeliverySlotCounts.updateOne({ _id: slot, taken: { $gt: 0 } }, { $inc: { taken: -1 } });
  }

  /** Gives `taker`'s place in `slot` back, if it holds one: true if this call gave it back. */
  async release(slot: string, taker: string): Promise<boolean> {
    const { deletedCount } = await DeliverySlotPlaces.deleteOne({ _id: taker, slot });
    if (deletedCount === 1) {
      await this.countOut(slot);
      return true;
    }
    // a place taken while the slot's document listed its takers, not moved out of it yet
    const { modifiedCount } = await DeliverySlotCounts.updateOne(
      { _id: slot, takers: taker },
      { $inc: { taken: -1 }, $pull: { takers: taker } },
    );
    return modifiedCount === 1;
  }

  /** The places taken in today's and tomorrow's slots (as offered at `now`), by slot: what the
   *  sweep compares with the orders (a place in a slot no longer offered keeps nobody out). */
  async placesTaken(now = new Date()): Promise<{ slot: string; takers: string[] }[]> {
    const places = await readModel(DeliverySlotPlaces)
      .find({ slot: { $in: offeredDays(now).flatMap(slotsOn) } })
      .select('slot')
      .lean<Pick<DeliverySlotPlaceDocument, '_id' | 'slot'>[]>();
    const bySlot = new Map<string, string[]>();
    for (const { _id, slot } of places) bySlot.set(slot, [...(bySlot.get(slot) ?? []), _id]);
    return [...bySlot].map(([slot, takers]) => ({ slot, takers }));
  }

  /**
   * Brings the count of each of today's and tomorrow's slots (as offered at `now`) to its places,
   * where a process stopped between a place's two writes (model/delivery-slot.ts), once the count has
   * not moved for `quietMs`: longer than a placement may run, so that no taking is between its count
   * and its place. (A process paused longer than that between the two would leave the count one
   * off until the slot is next left alone.) The write holds the count to the moment it was read, so
   * a taking meanwhile has it decided again at the next pass. A slot's document that still lists its
   * takers (an earlier shape) has them moved to places of their own first. Answers how many slots'
   * counts it set.
   */
  async correctCounts(quietMs: number, now = new Date()): Promise<number> {
    const docs = await readByIds<DeliverySlotDocument>(DeliverySlotCounts, offeredDays(now).flatMap(slotsOn), {
      fields: 'taken takers updatedAt',
    });
    if (this.foundRight.size > 100) this.foundRight.clear();
    let corrected = 0;
    for (const { _id: slot, taken = 0, takers, updatedAt } of docs) {
      if (takers) {
        await this.moveTakers(slot, takers);
        continue;
      }
      const movedAt = updatedAt?.getTime() ?? 0;
      if (now.getTime() - movedAt < quietMs || this.foundRight.get(slot) === movedAt) continue;
      const places = await DeliverySlotPlaces.countDocuments({ slot });
      if (places === taken) {
        this.foundRight.set(slot, movedAt);
        continue;
      }
      const { modifiedCount } = await DeliverySlotCounts.updateOne(
        { _id: slot, updatedAt: updatedAt ?? null },
        { $set: { taken: places } },
      );
      corrected += modifiedCount;
    }
    return corrected;
  }

  /**
   * Moves the takers a slot's document lists (an earlier shape) to places of their own, counted in
   * already: each place is written, then its taker taken out of the list. A taker no longer listed
   * by then was given back meanwhile (`release` takes it out of the list and counts it out), and its
   * place written here goes again. The list goes once it is empty.
   */
  private async moveTakers(slot: string, takers: string[]): Promise<void> {
    if (takers.length > 0) {
      const at = new Date();
      await DeliverySlotPlaces.insertMany(
        takers.map((taker) => ({ _id: taker, slot, at })),
        { ordered: false },
      ).catch((err: unknown) => {
        // a taker moved by a pass that stopped midway keeps its place
        if (!(isDuplicateKey(err) || onlyDuplicateKeys(err))) throw err;
      });
      for (const taker of takers) {
        const { modifiedCount } = await DeliverySlotCounts.updateOne({ _id: slot, takers: taker }, { $pull: { takers: taker } });
        if (modifiedCount === 0) await DeliverySlotPlaces.deleteOne({ _id: taker, slot });
      }
    }
    await DeliverySlotCounts.updateOne({ _id: slot, takers: { $size: 0 } }, { $unset: { takers: 1 } });
  }

  async setDefaultCapacity(capacity: number): Promise<DeliverySlotList> {
    await SlotSettings.updateOne({ _id: SLOT_SETTINGS_ID }, { $set: { defaultCapacity: capacity } }, { upsert: true }).catch(
      async (err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
        await SlotSettings.updateOne({ _id: SLOT_SETTINGS_ID }, { $set: { defaultCapacity: capacity } });
      },
    );
    return this.list();
  }

  /** Sets a slot's own capacity (null: the default again); only today's and tomorrow's. */
  async setCapacity(slot: string, capacity: number | null, now = new Date()): Promise<DeliverySlot> {
    const window = slotWindow(slot);
    if (!window || !offeredDays(now).includes(window.day)) throw notFound('no-such-slot', 'No such delivery slot today or tomorrow');
    const change = capacity === null ? { $unset: { capacity: 1 } } : { $set: { capacity } };
    await DeliverySlotCounts.updateOne({ _id: slot }, { ...change, $setOnInsert: { taken: 0 } }, { upsert: true }).catch(
      async (err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
        await DeliverySlotCounts.updateOne({ _id: slot }, change);
      },
    );
    const [doc, defaultCapacity] = await Promise.all([this.countOf(slot), this.defaultCapacity()]);
    this.remember(slot, doc ?? undefined);
    return slotAnswer(slot, doc ?? undefined, defaultCapacity, now);
  }
}

/** A write of many documents refused only for documents that are there already. */
function onlyDuplicateKeys(err: unknown): boolean {
  const writeErrors = (err as { writeErrors?: { code?: number }[] } | null)?.writeErrors;
  return Array.isArray(writeErrors) && writeErrors.length > 0 && writeErrors.every((one) => one.code === 11000);
}

function slotAnswer(id: string, doc: DeliverySlotDocument | undefined, defaultCapacity: number, now: Date): DeliverySlot {
  const window = slotWindow(id)!;
  const capacity = doc?.capacity ?? defaultCapacity;
  const taken = doc?.taken ?? 0;
  const left = Math.max(0, capacity - taken);
  return {
    id,
    start: window.start.toISOString(),
    end: window.end.toISOString(),
    capacity,
    capacitySet: doc?.capacity !== undefined && doc.capacity !== null,
    taken,
    left,
    offered: left > 0 && window.start.getTime() > now.getTime(),
  };
}

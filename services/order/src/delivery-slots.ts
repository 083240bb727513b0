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
import { conflict, notFound } from '@bazar/service-kit/http';
import { isDuplicateKey, readByIds } from '@bazar/service-kit/mongo';
import { DeliverySlotPlaces, SLOT_SETTINGS_ID, SlotSettings, type DeliverySlotDocument } from './model/delivery-slot';

/** Takings of one slot racing each other are decided again on what the winner left, this often. */
const ATTEMPTS = 10;
/** How long a capacity read by `check` is taken as the first guess of the `take` that follows it. */
const GUESS_MS = 2_000;

interface CapacityRead {
  capacity: number;
  /** the slot's own capacity as read (null: the default's), which the taking's filter holds it to */
  own: number | null;
  at: number;
}

/**
 * The delivery slots' places (issue 54). The last place of a slot goes to one placement only, as
 * the last units of a product do: a place is taken by one conditional write on the slot's document
 * (`taken` below its capacity, the taker not among its takers yet), and given back by one too
 * (its taker still among them), so a taking or a giving back repeated does nothing more.
 */
export class DeliverySlots {
  /** the capacities `check` read last, by slot: a placement's `take` tries its write on them first,
   *  without reading again (a stale guess matches nothing, and the slot is read as usual) */
  private readonly lastRead = new Map<string, CapacityRead>();

  constructor(private readonly configuredCapacity: number) {}

  async defaultCapacity(): Promise<number> {
    const settings = await SlotSettings.findById(SLOT_SETTINGS_ID).lean<{ defaultCapacity: number }>();
    return settings?.defaultCapacity ?? this.configuredCapacity;
  }

  /** Today's and tomorrow's slots in Bangladesh, as offered at `now`. */
  async list(now = new Date()): Promise<DeliverySlotList> {
    const ids = offeredDays(now).flatMap(slotsOn);
    const [defaultCapacity, docs] = await Promise.all([this.defaultCapacity(), readByIds<DeliverySlotDocument>(DeliverySlotPlaces, ids)]);
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    return { defaultCapacity, slots: ids.map((id) => slotAnswer(id, byId.get(id), defaultCapacity, now)) };
  }

  /** Refuses (409) a slot that cannot be chosen now: not today's or tomorrow's, started, or full.
   *  A read only: the place is taken by `take`. */
  async check(slot: string, now = new Date()): Promise<void> {
    const refusal = slotRefusal(slot, now);
    if (refusal)
      throw refusal === 'past' ? conflict('slot-past', SLOT_PAST, { slot }) : conflict('slot-not-offered', SLOT_NOT_OFFERED, { slot });
    const [doc, defaultCapacity] = await Promise.all([
      DeliverySlotPlaces.findById(slot).lean<DeliverySlotDocument>(),
      this.defaultCapacity(),
    ]);
    const capacity = doc?.capacity ?? defaultCapacity;
    if (this.lastRead.size > 100) this.lastRead.clear();
    this.lastRead.set(slot, { capacity, own: doc?.capacity ?? null, at: Date.now() });
    if (doc && (doc.taken ?? 0) >= capacity) throw conflict('slot-full', SLOT_FULL, { slot });
  }

  /** Takes a place in `slot` for `taker` (a placement's reservation id), or refuses (409) when the
   *  slot is full; a taker holding one already keeps it. */
  async take(slot: string, taker: string): Promise<void> {
    const guess = this.lastRead.get(slot);
    if (guess && Date.now() - guess.at < GUESS_MS && (await this.takeIfRoom(slot, taker, guess.capacity, guess.own))) return;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [doc, defaultCapacity] = await Promise.all([
        DeliverySlotPlaces.findById(slot).lean<DeliverySlotDocument>(),
        this.defaultCapacity(),
      ]);
      if (doc?.takers?.includes(taker)) return;
      const capacity = doc?.capacity ?? defaultCapacity;
      if ((doc?.taken ?? 0) >= capacity) throw conflict('slot-full', SLOT_FULL, { slot });
      if (!doc) {
        // the slot's first place: its document is written with it (one of two first ones wins)
        try {
          await DeliverySlotPlaces.create({ _id: slot, taken: 1, takers: [taker] });
          return;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      if (await this.takeIfRoom(slot, taker, capacity, doc.capacity ?? null)) return;
    }
    throw conflict('slot-full', SLOT_FULL, { slot });
  }

  /** The conditional write that takes a place: true if it did. */
  private async takeIfRoom(slot: string, taker: string, capacity: number, own: number | null): Promise<boolean> {
    const { modifiedCount } = await DeliverySlotPlaces.updateOne(
      // the capacity as read: an admin's change meanwhile has the taking decided again
      { _id: slot, taken: { $lt: capacity }, takers: { $ne: taker }, capacity: own },
      { $inc: { taken: 1 }, $push: { takers: taker } },
    );
    return modifiedCount === 1;
  }

  /** Gives `taker`'s place in `slot` back, if it holds one: true if this call gave it back. */
  async release(slot: string, taker: string): Promise<boolean> {
    const { modifiedCount } = await DeliverySlotPlaces.updateOne(
      { _id: slot, takers: taker },
      { $inc: { taken: -1 }, $pull: { takers: taker } },
    );
    return modifiedCount === 1;
  }

  /** The places taken in today's and tomorrow's slots (as offered at `now`), by slot: what the
   *  sweep compares with the orders (a place in a slot no longer offered keeps nobody out). */
  async placesTaken(now = new Date()): Promise<{ slot: string; takers: string[] }[]> {
    const docs = await readByIds<DeliverySlotDocument>(DeliverySlotPlaces, offeredDays(now).flatMap(slotsOn), { fields: 'takers' });
    return docs.flatMap(({ _id, takers = [] }) => (takers.length > 0 ? [{ slot: _id, takers }] : []));
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
    await DeliverySlotPlaces.updateOne({ _id: slot }, { ...change, $setOnInsert: { taken: 0, takers: [] } }, { upsert: true }).catch(
      async (err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
        await DeliverySlotPlaces.updateOne({ _id: slot }, change);
      },
    );
    const [doc, defaultCapacity] = await Promise.all([
      DeliverySlotPlaces.findById(slot).lean<DeliverySlotDocument>(),
      this.defaultCapacity(),
    ]);
    return slotAnswer(slot, doc ?? undefined, defaultCapacity, now);
  }
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

import mongoose, { Schema } from 'mongoose';

/**
 * A delivery slot's places are kept in two collections, so that taking or giving back a place costs
 * the same however full the slot is: a slot's document (`delivery_slots`) holds only how many places
 * are taken and the admin's capacity, and each place taken is a small document of its own
 * (`delivery_slot_places`, by its taker). A slot's document that listed its takers grew with every
 * order of the slot, and so did every read and every conditional write of it.
 *
 * The count decides: a place is taken by a conditional `$inc` of `taken` below the capacity (of
 * racing placements, one takes the last place, whichever replica it runs in), and only then is its
 * place written (a placement writes its order between the two, and gives the count back if its order
 * is not written); a place is given back by removing its place first, and only then lowering `taken`.
 * Each is once however often it is repeated: a second place for the same taker clashes on `_id` (and
 * the extra count goes back), a second removal removes nothing. In this order a process that stops
 * between the two writes (or a second write that fails) leaves the count one too high, never too low:
 * a place kept from shoppers for a while, never a place more than the capacity. The order sweep
 * brings a slot's count back to its places once the count has not moved for longer than a placement
 * may run (`DeliverySlots.correctCounts`): then no taking is between its two writes. The other order
 * (the place first) would leave a place uncounted, and a slot could then take one more than its
 * capacity until the sweep came by.
 */
const deliverySlotSchema = new Schema(
  {
    _id: { type: String, required: true },
    taken: { type: Number, default: 0 },
    /** the admin's capacity for this slot; without it the store's default */
    capacity: { type: Number },
    /** an earlier shape's list of the slot's takers, in the document itself: the order sweep moves
     *  it to `delivery_slot_places` (`DeliverySlots.correctCounts`), and nothing adds to it */
    takers: { type: [String], default: undefined },
  },
  // `updatedAt` is when the count last moved: a slot left alone since is one whose count may be set
  { timestamps: true },
);

/** `taken` is absent from a slot whose capacity was set before any order took a place. */
export interface DeliverySlotDocument {
  _id: string;
  taken?: number;
  capacity?: number;
  takers?: string[];
  updatedAt?: Date;
}
export const DeliverySlotCounts = mongoose.model('DeliverySlotCounts', deliverySlotSchema, 'delivery_slots');

/** One place taken in a delivery slot, by its taker (a placement's reservation id). */
const deliverySlotPlaceSchema = new Schema(
  {
    _id: { type: String, required: true },
    slot: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
// a slot's places, for the sweep
deliverySlotPlaceSchema.index({ slot: 1 });

export interface DeliverySlotPlaceDocument {
  _id: string;
  slot: string;
  at: Date;
}
export const DeliverySlotPlaces = mongoose.model('DeliverySlotPlaces', deliverySlotPlaceSchema, 'delivery_slot_places');

/** The store's default capacity, once the admin has set one (otherwise the configured default). */
const slotSettingsSchema = new Schema({ _id: { type: String, required: true }, defaultCapacity: { type: Number, required: true } });
export const SlotSettings = mongoose.model('SlotSettings', slotSettingsSchema, 'delivery_slot_settings');
export const SLOT_SETTINGS_ID = 'slots';

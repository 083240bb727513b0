import mongoose, { Schema } from 'mongoose';

/** One delivery slot's places (`_id`: the slot's id, `2026-12-07T14`), written only once an order
 *  takes one or the admin sets its capacity. `takers` are the placements holding a place (each
 *  attempt's reservation id), so that taking and giving back are each done once however often they
 *  are repeated; `taken` is how many there are, for the conditional write that takes the last one. */
const deliverySlotSchema = new Schema(
  {
    _id: { type: String, required: true },
    taken: { type: Number, default: 0 },
    takers: { type: [String], default: [] },
    /** the admin's capacity for this slot; without it the store's default */
    capacity: { type: Number },
  },
  { timestamps: true },
);

/** `taken` and `takers` are absent from a slot whose capacity was set before any order took a place. */
export interface DeliverySlotDocument {
  _id: string;
  taken?: number;
  takers?: string[];
  capacity?: number;
}
export const DeliverySlotPlaces = mongoose.model('DeliverySlotPlaces', deliverySlotSchema, 'delivery_slots');

/** The store's default capacity, once the admin has set one (otherwise the configured default). */
const slotSettingsSchema = new Schema({ _id: { type: String, required: true }, defaultCapacity: { type: Number, required: true } });
export const SlotSettings = mongoose.model('SlotSettings', slotSettingsSchema, 'delivery_slot_settings');
export const SLOT_SETTINGS_ID = 'slots';

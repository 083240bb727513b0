import type { StoreSettings as StoreSettingsAnswer } from '@bazar/contracts';
import mongoose, { Schema } from 'mongoose';

/** The store's settings the admin sets, one document (`_id` 'store'); a store that never set them
 *  has the defaults below. */
const storeSettingsSchema = new Schema(
  {
    _id: { type: String },
    /** a product with fewer units than this is low on stock (the dashboard marks and filters it) */
    lowStockThreshold: { type: Number, min: 0 },
  },
  { versionKey: false, timestamps: true },
);

export const STORE_SETTINGS_ID = 'store';
/** Until the admin sets one: a product with fewer than 10 units left is running out. */
export const DEFAULT_STORE_SETTINGS: StoreSettingsAnswer = { lowStockThreshold: 10 };

export const StoreSettings = mongoose.model('StoreSettings', storeSettingsSchema, 'store_settings');

export async function storeSettings(): Promise<StoreSettingsAnswer> {
  const kept = await StoreSettings.findById(STORE_SETTINGS_ID).lean<Partial<StoreSettingsAnswer>>();
  return { lowStockThreshold: kept?.lowStockThreshold ?? DEFAULT_STORE_SETTINGS.lowStockThreshold };
}

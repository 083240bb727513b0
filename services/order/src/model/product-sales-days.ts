import mongoose, { Schema } from 'mongoose';

/**
 * What each product sold on one shop day (Bangladesh time), for the admin's best sellers
 * (sales-report.ts): a snapshot of the day's orders not cancelled, `_id` the day. It is kept for days
 * whose orders rarely change any more and made again when they do: `version` is the day's version
 * in the admin's read model (the sum of its lines' counts versions, order-listings.ts) when it was
 * made, and a snapshot of an older version is never written over a newer one.
 */
const productSalesDaySchema = new Schema(
  {
    _id: { type: String },
    /** product id → `units revenuePaisa`, one string a product (read faster than small documents,
     *  as the read model's entries) */
    sold: { type: Map, of: String },
    /** product id → its name, and its Bangla name after a tab when it had one, in the latest order */
    names: { type: Map, of: String },
    version: Number,
  },
  { versionKey: false },
);

export type ProductSalesDayDocument = { _id: string; sold?: Record<string, string>; names?: Record<string, string>; version: number };

export const ProductSalesDay = mongoose.model('ProductSalesDay', productSalesDaySchema, 'product_sales_days');

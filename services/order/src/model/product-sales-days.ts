import mongoose, { Schema } from 'mongoose';

/**
 * What each product sold on one shop day (Bangladesh time), for the admin's best sellers
 * (sales-report.ts): a snapshot of the day's orders not cancelled, `_id` the day. It is kept for days
 * whose orders rarely change any more and made again when they do: `soldKey` says which orders sold
 * that day when it was made (a hash of their ids), and a snapshot of other orders is made again.
 */
const productSalesDaySchema = new Schema(
  {
    _id: { type: String },
    /** product id → `units revenuePaisa`, one string a product (read faster than small documents,
     *  as the read model's entries) */
    sold: { type: Map, of: String },
    /** product id → its name, and its Bangla name after a tab when it had one, in the latest order */
    names: { type: Map, of: String },
    soldKey: String,
  },
  { versionKey: false },
);

export type ProductSalesDayDocument = { _id: string; sold?: Record<string, string>; names?: Record<string, string>; soldKey?: string };

export const ProductSalesDay = mongoose.model('ProductSalesDay', productSalesDaySchema, 'product_sales_days');

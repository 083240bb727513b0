import mongoose, { Schema } from 'mongoose';

/** One document per shopper (`_id` their id) naming their latest orders, oldest first: My Orders
 *  reads these by `_id` (shopper-orders.ts). */
const shopperOrdersSchema = new Schema(
  { _id: { type: String, required: true }, orders: { type: [String], default: undefined } },
  { versionKey: false },
);

export interface ShopperOrdersDocument {
  _id: string;
  orders?: string[];
}

export const ShopperOrderList = mongoose.model('ShopperOrders', shopperOrdersSchema, 'shopper_orders');

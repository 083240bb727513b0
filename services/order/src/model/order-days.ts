import { OrderStatus } from '@bazar/contracts';
import mongoose, { Schema } from 'mongoose';

const countsFields = {
  /** per status, the day's orders in it now */
  byStatus: Object.fromEntries(OrderStatus.options.map((status) => [status, Number])),
  /** the totals of the day's orders not cancelled, in paisa */
  revenuePaisa: Number,
  /** one more at every write of the day: a copy of the counts never replaces a newer one */
  version: Number,
};

/**
 * The admin's read model of orders: each shop day (Bangladesh time) in parts of a bounded size
 * (order-listings.ts says how they are named and chosen), each holding its orders (by id) and their
 * counts. A part is found by its `_id`, and an order's entry and the counts it changes are written
 * in one conditional write of that part, with no multi-document transaction, so each move of an
 * order is counted exactly once however often it is written.
 */
const orderDaySchema = new Schema(
  {
    _id: { type: String },
    /** order id → its entry (order-listings.ts `entryText`): one string an order, which the local
     *  database reads much faster than a small document an order */
    orders: { type: Map, of: String },
    /** in the first part of a line of the day (order-listings.ts): the last generation opened */
    parts: Number,
    ...countsFields,
  },
  { versionKey: false },
);

/** The counts of each line of a day, its parts added up (order-listings.ts says when): small and 16 a
 *  day, so that the summary and the list's totals read every day without reading every order. */
const orderDayCountsSchema = new Schema({ _id: { type: String }, ...countsFields }, { versionKey: false });

export type DayCounts = { _id: string; byStatus: Record<OrderStatus, number>; revenuePaisa: number; version: number };
export type OrderDayDocument = DayCounts & { orders?: Record<string, string>; parts?: number };

export const OrderDay = mongoose.model('OrderDay', orderDaySchema, 'order_days');
export const OrderDayCounts = mongoose.model('OrderDayCounts', orderDayCountsSchema, 'order_day_counts');

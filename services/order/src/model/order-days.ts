import { OrderStatus } from '@bazar/contracts';
import mongoose, { Schema } from 'mongoose';

/** An order as the admin's list finds it: what it is filtered, searched and sorted by. */
const listedOrderSchema = new Schema(
  {
    at: { type: Date, required: true },
    status: { type: String, enum: OrderStatus.options, required: true },
    /** how many statuses the order has had (its history's length): a write from an older reading of
     *  the order never overwrites a newer one */
    step: { type: Number, required: true },
    totalPaisa: { type: Number, required: true },
    /** lower-cased, as searched */
    email: { type: String, required: true },
    phone: { type: String, default: '' },
  },
  { _id: false },
);

const countsFields = {
  /** per status, the day's orders in it now */
  byStatus: Object.fromEntries(OrderStatus.options.map((status) => [status, Number])),
  /** the totals of the day's orders not cancelled, in paisa */
  revenuePaisa: Number,
  /** one more at every write of the day: a copy of the counts never replaces a newer one */
  version: Number,
};

/**
 * The admin's read model of orders: each shop day (Bangladesh time) in 16 parts, `YYYY-MM-DD/<hex digit>`,
 * each holding its orders (by id) and their counts. FerretDB on SQLite finds a document without
 * reading the whole collection only by `_id`, and has no multi-document transactions: a part is found
 * by its `_id`, and an order's entry and the counts it changes are written in one conditional write
 * of that part, so each move of an order is counted exactly once however often it is written.
 */
const orderDaySchema = new Schema(
  {
    _id: { type: String },
    orders: { type: Map, of: listedOrderSchema },
    ...countsFields,
  },
  { versionKey: false },
);

/** The counts of each part of a day, copied from it after every write: small, so that the summary
 *  and the list's totals read every day without reading every order. */
const orderDayCountsSchema = new Schema({ _id: { type: String }, ...countsFields }, { versionKey: false });

export type ListedOrder = {
  at: Date;
  status: OrderStatus;
  step: number;
  totalPaisa: number;
  email: string;
  phone: string;
};
export type DayCounts = { _id: string; byStatus: Record<OrderStatus, number>; revenuePaisa: number; version: number };
export type OrderDayDocument = DayCounts & { orders: Record<string, ListedOrder> };

export const OrderDay = mongoose.model('OrderDay', orderDaySchema, 'order_days');
export const OrderDayCounts = mongoose.model('OrderDayCounts', orderDayCountsSchema, 'order_day_counts');

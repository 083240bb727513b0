import mongoose, { Schema } from 'mongoose';

/** One document per shopper listing their orders that hold units unconfirmed (`placing` or
 *  `placed`), claimed before the order is written. The limit is kept by one conditional write on it
 *  (see UnconfirmedOrders), since counting the shopper's orders and then inserting could let two
 *  orders in at once. It is also the sweep's index of open orders, read by `_id` rather than a query
 *  of the orders by status, so an emptied list is removed by the next sweep. Stored as `holds`, the
 *  name stores already have. */
const unconfirmedOrdersSchema = new Schema(
  { _id: { type: String, required: true }, open: { type: [String], default: undefined } },
  { versionKey: false },
);

export interface UnconfirmedOrdersDocument {
  _id: string;
  open?: string[];
}

export const UnconfirmedOrderList = mongoose.model('UnconfirmedOrderList', unconfirmedOrdersSchema, 'holds');

import mongoose, { Schema } from 'mongoose';

/** One document per shopper listing their orders that hold units unconfirmed (`placing` or
 *  `placed`). The limit is kept by one conditional write on it (see OrderHolds), since counting the
 *  shopper's orders and then inserting could let two orders in at once. */
const holdsSchema = new Schema(
  { _id: { type: String, required: true }, open: { type: [String], default: undefined } },
  { versionKey: false },
);

export interface HoldsDocument {
  _id: string;
  open?: string[];
}

export const Holds = mongoose.model('Holds', holdsSchema, 'holds');

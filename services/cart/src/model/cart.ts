import { paisaToTaka, type CartLine as CartLineAnswer } from '@bazar/contracts';
import { derivedObjectId } from '@bazar/service-kit/mongo';
import mongoose, { Schema } from 'mongoose';

// One document per shopper, `_id` their email, lines keyed by product id. Every read and write
// names the cart by `_id`, one look-up in the `_id` index (a collection of lines filtered by email
// read every shopper's cart on the local database to find one).

// A line is stored under its product's id; its own id is derived from the shopper and the product
// (cartLineId), so neither is stored again inside it.
const cartLineSchema = new Schema(
  {
    // copied from the catalog when the line is added or changed
    cartName: { type: String, required: true },
    cartName_bn: { type: String },
    /** paisa, per piece */
    cartPricePaisa: { type: Number, required: true },
    cartimage: { type: String, default: '' },
    cartDes: { type: String, default: '' },
    cartQuantity: { type: Number, required: true },
    addedAt: { type: Date, required: true },
  },
  { _id: false },
);

const cartSchema = new Schema(
  {
    /** the shopper's email */
    _id: { type: String, required: true },
    // no defaults: an upsert would add them in a $setOnInsert that clashes with `lines.<id>` paths
    lines: { type: Map, of: cartLineSchema },
    /** raised by every write of the cart (see `revised`); none yet counts as 0 */
    revision: { type: Number },
    /** the latest checkouts that took pieces off this cart, and those voided (`void:<id>`), so that
     *  each takes at most once (see routes/checkouts.ts) */
    takenByOrders: { type: [String], default: undefined },
  },
  { versionKey: false },
);

interface StoredCartLine {
  cartName: string;
  cartName_bn?: string;
  cartPricePaisa: number;
  cartimage: string;
  cartDes: string;
  cartQuantity: number;
  addedAt: Date;
}
export interface CartDocument {
  _id: string;
  /** by product id */
  lines?: Record<string, StoredCartLine>;
  revision?: number;
  takenByOrders?: string[];
}

/** A line as the routes use it: the stored one with its product and its own id. */
export type CartLine = StoredCartLine & { _id: mongoose.Types.ObjectId; productId: string };

export const Cart = mongoose.model('Cart', cartSchema, 'carts');

/** An update that also raises the cart's revision, in the same write. The order service claims the
 *  revision an order was placed from, so a cart that changed in any way may be ordered again and an
 *  unchanged one only once. */
export function revised<U extends object>(update: U & { $inc?: Record<string, number> }) {
  return { ...update, $inc: { ...update.$inc, revision: 1 } };
}

export const revisionOf = (cart: CartDocument | null) => cart?.revision ?? 0;

/** A product's line in a shopper's cart always has the same id: a line is written whole without
 *  reading it first, and its id is worked out again on every read. */
const cartLineId = (email: string, productId: string) => derivedObjectId('cart-line', email, productId);

/** The cart's line of one product, whatever its quantity. */
export function lineOf(cart: CartDocument | null, productId: string): CartLine | undefined {
  const stored = cart?.lines?.[productId];
  return stored && { ...stored, productId, _id: cartLineId(cart._id, productId) };
}

/** The lines a shopper sees, in the order they were added. A line an order has just emptied may
 *  linger with nothing in it for a moment; it is not shown. */
export function linesOf(cart: CartDocument | null): CartLine[] {
  return Object.keys(cart?.lines ?? {})
    .map((productId) => lineOf(cart, productId)!)
    .filter((line) => line.cartQuantity > 0)
    .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a._id.toString().localeCompare(b._id.toString()));
}

export const lineById = (cart: CartDocument | null, lineId: string) => linesOf(cart).find((line) => line._id.toString() === lineId);

export function toCartLineAnswer(email: string, line: CartLine): CartLineAnswer {
  return {
    _id: line._id.toString(),
    productId: line.productId,
    cartimage: line.cartimage,
    cartName: line.cartName,
    ...(line.cartName_bn && { cartName_bn: line.cartName_bn }),
    cartPrice: paisaToTaka(line.cartPricePaisa),
    cartDes: line.cartDes,
    cartQuantity: line.cartQuantity,
    userEmail: email,
  };
}

import { paisaToTaka, type CartLine as CartLineAnswer } from '@bazar/contracts';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const cartLineSchema = new Schema(
  {
    userEmail: { type: String, required: true },
    productId: { type: String, required: true },
    // copied from the catalog when the line is added or raised
    cartName: { type: String, required: true },
    /** paisa, per piece */
    cartPricePaisa: { type: Number, required: true },
    cartimage: { type: String, default: '' },
    cartDes: { type: String, default: '' },
    cartQuantity: { type: Number, required: true, min: 1 },
    /** orders whose pieces were already taken off this line (order-placed applied once) */
    takenByOrders: { type: [String], default: [] },
  },
  { timestamps: true },
);
// one line per product per shopper: adding the same product raises its quantity
cartLineSchema.index({ userEmail: 1, productId: 1 }, { unique: true });

export type CartLineDocument = InferSchemaType<typeof cartLineSchema> & { _id: mongoose.Types.ObjectId };
export const CartLine = mongoose.model('CartLine', cartLineSchema, 'cart_lines');

export function toCartLineAnswer(line: CartLineDocument): CartLineAnswer {
  return {
    _id: line._id.toString(),
    productId: line.productId,
    cartimage: line.cartimage,
    cartName: line.cartName,
    cartPrice: paisaToTaka(line.cartPricePaisa),
    cartDes: line.cartDes,
    cartQuantity: line.cartQuantity,
    userEmail: line.userEmail,
  };
}

import { paisaToTaka, type Product as ProductAnswer } from '@bazar/contracts';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const productSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    /** paisa */
    pricePaisa: { type: Number, required: true, min: 1 },
    img: { type: String, default: '' },
    quantity: { type: Number, required: true, min: 0 },
    description: { type: String, default: '' },
    /** ids of the last order events applied to this product's stock: the stock update and this
     *  marker are one atomic write, so a replayed event can never take stock twice */
    stockEvents: { type: [String], default: [] },
  },
  { timestamps: true },
);
productSchema.index({ createdAt: 1 });

export type ProductDocument = InferSchemaType<typeof productSchema> & { _id: mongoose.Types.ObjectId };
export const Product = mongoose.model('Product', productSchema, 'products');

export function toProductAnswer(product: ProductDocument): ProductAnswer {
  return {
    _id: product._id.toString(),
    name: product.name,
    price: paisaToTaka(product.pricePaisa),
    img: product.img,
    quantity: product.quantity,
    description: product.description,
  };
}

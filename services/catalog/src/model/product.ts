import { TOPICS, paisaToTaka, type ProductChanged, type Product as ProductAnswer } from '@bazar/contracts';
import { newEvent, outboxFields } from '@bazar/service-kit/kafka';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const productSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    /** paisa */
    pricePaisa: { type: Number, required: true, min: 1 },
    img: { type: String, default: '' },
    quantity: { type: Number, required: true, min: 0 },
    description: { type: String, default: '' },
    category: { type: String, trim: true },
    /** the name and description in Bangla, when the product has them */
    name_bn: { type: String, trim: true },
    description_bn: { type: String },
    /** units ordered and not given back: what `sort=popular` orders by */
    sold: { type: Number, default: 0 },
    /** markers of reservations whose units are being taken (`+id`) or given back (`-id`) right now
     *  (see model/reservation.ts); empty when nothing is under way */
    pendingStock: { type: [String], default: [] },
    /** counts the changes to what an answer shows (stock, an admin's edit), so that a cached
     *  answer is never replaced by an older one (see ShelfCache) */
    revision: { type: Number, default: 0 },
    /** its stars from shoppers' reviews (model/product-review.ts): their average, how many, and the
     *  version of the product's ratings they were worked out from; absent until the first review */
    ratingAverage: { type: Number },
    ratingCount: { type: Number },
    ratingVersion: { type: Number },
    ...outboxFields,
  },
  { timestamps: true },
);
productSchema.index({ createdAt: 1 });
// A category page in each of its orders, an index walk; the shelf cache keeps each list's ordered
// ids, so a page rarely asks the database at all.
productSchema.index({ category: 1, createdAt: 1 });
productSchema.index({ category: 1, pricePaisa: 1 });
productSchema.index({ category: 1, sold: -1 });

export type ProductDocument = InferSchemaType<typeof productSchema> & { _id: mongoose.Types.ObjectId };
export const Product = mongoose.model('Product', productSchema, 'products');

/** The fields a cached answer is made of; reads leave the outbox and stock markers in the database. */
export const ANSWER_FIELDS = 'name pricePaisa img quantity description category name_bn description_bn revision ratingAverage ratingCount';
export type AnswerFields = Pick<
  ProductDocument,
  '_id' | 'name' | 'pricePaisa' | 'img' | 'quantity' | 'description' | 'category' | 'name_bn' | 'description_bn' | 'revision'
> &
  Partial<Pick<ProductDocument, 'ratingAverage' | 'ratingCount'>>;

export function toProductAnswer(product: AnswerFields): ProductAnswer {
  return {
    _id: product._id.toString(),
    name: product.name,
    price: paisaToTaka(product.pricePaisa),
    img: product.img,
    quantity: product.quantity,
    description: product.description,
    ...(product.category && { category: product.category }),
    ...(product.name_bn && { name_bn: product.name_bn }),
    ...(product.description_bn && { description_bn: product.description_bn }),
    ...(product.ratingCount && product.ratingAverage && { rating: { average: product.ratingAverage, count: product.ratingCount } }),
  };
}

/** The outbox entry announcing a new or edited product (every replica's lists change). */
export function productChanged(productId: string, change: ProductChanged['payload']['change']) {
  return { topic: TOPICS.productChanged, key: productId, event: newEvent('ProductChanged', { productId, change }) };
}

import { derivedObjectId } from '@bazar/service-kit/mongo';
import mongoose, { Schema } from 'mongoose';

/** A shopper's review of a product they received: one a shopper a product (its `_id` is derived
 *  from both, so a second one replaces the first), kept once the order service has found a
 *  delivered order of theirs holding the product. */
const productReviewSchema = new Schema(
  {
    productId: { type: String, required: true },
    /** the identity provider's id of the shopper (`sub`): never shown */
    userId: { type: String, required: true },
    /** the reviewer's first name, as the product page shows it */
    name: { type: String, default: '' },
    rating: { type: Number, required: true, min: 1, max: 5 },
    text: { type: String, default: '' },
    reviewedAt: { type: Date, required: true },
  },
  { timestamps: true },
);
productReviewSchema.index({ productId: 1, reviewedAt: -1 });
productReviewSchema.index({ userId: 1, reviewedAt: -1 });

export interface ProductReviewDocument {
  _id: mongoose.Types.ObjectId;
  productId: string;
  userId: string;
  name: string;
  rating: number;
  text: string;
  reviewedAt: Date;
}

export const ProductReview = mongoose.model('ProductReview', productReviewSchema, 'product_reviews');
export const productReviewIdOf = (productId: string, userId: string) => derivedObjectId('product-review', productId, userId);

/**
 * The stars each reviewer gave a product, by shopper, one document a product (by its id): what the
 * product's average and count are worked out from. Written whole on the `version` read before it,
 * so two reviews at once are both counted; the product takes the figures of the highest version
 * (`ratingVersion`), so an older count never replaces a newer one.
 */
const productRatingsSchema = new Schema(
  {
    stars: { type: Map, of: Number, default: {} },
    version: { type: Number, required: true },
  },
  { timestamps: true },
);

export interface ProductRatingsDocument {
  _id: mongoose.Types.ObjectId;
  stars: Record<string, number>;
  version: number;
}

export const ProductRatings = mongoose.model('ProductRatings', productRatingsSchema, 'product_ratings');

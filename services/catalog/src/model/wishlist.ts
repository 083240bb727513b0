import { derivedObjectId } from '@bazar/service-kit/mongo';
import mongoose, { Schema } from 'mongoose';

const keptSchema = new Schema(
  {
    productId: { type: String, required: true },
    keptAt: { type: Date, required: true },
  },
  { _id: false },
);

/**
 * A shopper's wishlist, one document an account found by `_id` (a look-up in the `_id` index), its
 * products in the order kept. Written whole,
 * on the `version` read before it: two changes at once cannot both land on the same version, so
 * neither is lost and the list never holds more than the most it may.
 */
const wishlistSchema = new Schema(
  {
    /** the identity provider's id of the shopper (`sub`) */
    userId: { type: String, required: true },
    items: { type: [keptSchema], default: [] },
    version: { type: Number, required: true },
  },
  { timestamps: true },
);

export interface KeptProduct {
  productId: string;
  keptAt: Date;
}
export interface WishlistDocument {
  _id: mongoose.Types.ObjectId;
  userId: string;
  items: KeptProduct[];
  version: number;
}

export const Wishlist = mongoose.model('Wishlist', wishlistSchema, 'wishlists');

export const wishlistIdOf = (userId: string) => derivedObjectId('wishlist', userId);

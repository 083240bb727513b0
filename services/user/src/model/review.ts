import mongoose, { Schema } from 'mongoose';

const reviewSchema = new Schema(
  {
    /** the author's Keycloak id (the token's subject) */
    authorId: { type: String, required: true, index: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    des: { type: String, required: true },
  },
  { timestamps: true },
);

export const Review = mongoose.model('Review', reviewSchema, 'reviews');

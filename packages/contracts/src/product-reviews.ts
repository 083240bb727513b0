import { z } from 'zod';
import { ObjectIdString } from './common';
import { HIGHEST_RATING, LOWEST_RATING, MAX_REVIEW_TEXT } from './shopper-limits';

const RATING_RULE = `rating must be a whole number from ${LOWEST_RATING} to ${HIGHEST_RATING}`;

/** A product's stars as its reviews give them: their average (1 to 5, to one decimal) and how many
 *  there are. A product without a review has none, and the store shows no stars for it. */
export const ProductRating = z.object({
  average: z.number().min(LOWEST_RATING).max(HIGHEST_RATING),
  count: z.number().int().positive(),
});
export type ProductRating = z.infer<typeof ProductRating>;

/** PUT /products/{id}/review: the shopper's stars and, if they like, a few words. Sent again, it
 *  replaces their review of the product (one a shopper). */
export const ProductReviewBody = z.strictObject({
  rating: z.number({ error: RATING_RULE }).int(RATING_RULE).min(LOWEST_RATING, RATING_RULE).max(HIGHEST_RATING, RATING_RULE),
  text: z
    .string({ error: 'text must be text' })
    .trim()
    .max(MAX_REVIEW_TEXT, `text must be at most ${MAX_REVIEW_TEXT} characters`)
    .default(''),
});
export type ProductReviewBody = z.infer<typeof ProductReviewBody>;

/** A review as the product page shows it: the reviewer by their first name only. */
export const ProductReview = z.object({
  name: z.string(),
  rating: z.number().int().min(LOWEST_RATING).max(HIGHEST_RATING),
  text: z.string(),
  reviewedAt: z.iso.datetime(),
});
export type ProductReview = z.infer<typeof ProductReview>;

/** GET /products/{id}/reviews: the product's stars and its latest reviews, newest first. */
export const ProductReviewList = z.object({ rating: ProductRating.optional(), reviews: z.array(ProductReview) });
export type ProductReviewList = z.infer<typeof ProductReviewList>;

/** A review as its own writer reads it back (My Orders shows it and offers to change it). */
export const MyProductReview = z.object({
  productId: ObjectIdString,
  rating: z.number().int().min(LOWEST_RATING).max(HIGHEST_RATING),
  text: z.string(),
  reviewedAt: z.iso.datetime(),
});
export type MyProductReview = z.infer<typeof MyProductReview>;
export const MyProductReviewList = z.array(MyProductReview);

/** PUT /internal/product-reviews/{id} of the catalog (never routed by the gateway): the order
 *  service, having found a delivered order of the shopper's holding the product, hands the review
 *  over to be kept; the catalog keeps one a shopper a product and the product's stars with them. */
export const ReceivedProductReview = ProductReviewBody.extend({
  userId: z.string().min(1).max(100),
  name: z.string().trim().max(120),
});
export type ReceivedProductReview = z.infer<typeof ReceivedProductReview>;

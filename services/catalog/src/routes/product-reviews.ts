import {
  API,
  IdParams,
  ReceivedProductReview,
  type MyProductReview,
  type Product as ProductAnswer,
  type ProductReviewList,
} from '@bazar/contracts';
import { currentUser, endpointRouter, notFound, requireService, validate } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { ProductReview, type ProductReviewDocument } from '../model/product-review';
import type { ProductRatingKeeper } from '../product-ratings';
import type { ShelfCache } from '../shelf-cache';

/** How many reviews the product page lists, the latest first. */
const REVIEWS_SHOWN = 50;

const myReview = (review: ProductReviewDocument): MyProductReview => ({
  productId: review.productId,
  rating: review.rating,
  text: review.text,
  reviewedAt: review.reviewedAt.toISOString(),
});

/** Reviews of products by the shoppers who received them: read by anyone on the product page, kept
 *  when the order service hands one over (it alone knows what a shopper received). */
export function productReviewRoutes(shelf: ShelfCache, ratings: ProductRatingKeeper): Router {
  const router = endpointRouter();

  router.implement(API.productReviews, async (req, res) => {
    const json = await shelf.product(req.params.id);
    if (!json) throw notFound('no-such-product', 'No such product');
    const { rating } = JSON.parse(json) as ProductAnswer;
    const stars = rating ? `${rating.count}:${rating.average}` : 'none';
    const answer = await shelf.reviews(req.params.id, stars, async () => {
      const reviews = await ProductReview.find({ productId: req.params.id })
        .sort({ reviewedAt: -1 })
        .limit(REVIEWS_SHOWN)
        .lean<ProductReviewDocument[]>();
      return JSON.stringify({
        ...(rating && { rating }),
        reviews: reviews.map(({ name, rating, text, reviewedAt }) => ({ name, rating, text, reviewedAt: reviewedAt.toISOString() })),
      } satisfies ProductReviewList);
    });
    res.set('Cache-Control', 'no-cache').type('json').send(answer);
  });

  router.implement(API.myProductReviews, async (req, res) => {
    const reviews = await ProductReview.find({ userId: currentUser(req).id })
      .sort({ reviewedAt: -1 })
      .lean<ProductReviewDocument[]>();
    res.set('Cache-Control', 'private, no-store').json(reviews.map(myReview) satisfies MyProductReview[]);
  });

  // only the order service, which has checked that the shopper received the product
  router.put(
    '/internal/product-reviews/:id',
    requireService({ at: 'catalog', from: ['order'] }),
    validate({ params: IdParams, body: ReceivedProductReview }),
    async (req, res) => {
      const kept = await ratings.keep(req.params.id as string, req.body as ReceivedProductReview);
      if (!kept) throw notFound('no-such-product', 'No such product');
      res.json(myReview(kept) satisfies MyProductReview);
    },
  );

  return router;
}

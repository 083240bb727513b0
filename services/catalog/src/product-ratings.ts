import { setTimeout as sleep } from 'node:timers/promises';
import { HIGHEST_RATING, LOWEST_RATING, type ReceivedProductReview } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { conflict } from '@bazar/service-kit/http';
import { isDuplicateKey } from '@bazar/service-kit/mongo';
import { Product, type AnswerFields } from './model/product';
import {
  ProductRatings,
  ProductReview,
  productReviewIdOf,
  type ProductRatingsDocument,
  type ProductReviewDocument,
} from './model/product-review';
import type { ShelfCache } from './shelf-cache';

/** How often a count is tried again when another review's landed first, after a pause of a few
 *  milliseconds, different each time so that reviews racing each other part. */
const ATTEMPTS = 20;
const pause = () => sleep(2 + Math.random() * 20);

/** The average of the stars, to one decimal. */
function averageOf(stars: number[]): number {
  const average = stars.reduce((sum, star) => sum + star, 0) / stars.length;
  return Math.min(HIGHEST_RATING, Math.max(LOWEST_RATING, Math.round(average * 10) / 10));
}

/**
 * Keeps shoppers' reviews of products and each product's stars with them. A review is written
 * first (one a shopper a product: a second replaces it), then counted in the product's ratings
 * (its version raised), then the product takes the ratings' average and count, unless it already
 * shows those of a later version; its cached answer is written through, so its page and every card
 * (the renderer's pages too, which compare their reads) show the new stars. Sending the same review
 * again finishes a write that stopped half-way.
 */
export class ProductRatingKeeper {
  constructor(
    private readonly shelf: ShelfCache,
    private readonly log: Logger,
  ) {}

  /** Keeps the shopper's review of the product; undefined when there is no such product. */
  async keep(productId: string, review: ReceivedProductReview): Promise<ProductReviewDocument | undefined> {
    if (!(await Product.exists({ _id: productId }))) return undefined;
    const _id = productReviewIdOf(productId, review.userId);
    const fields = {
      productId,
      userId: review.userId,
      name: review.name,
      rating: review.rating,
      text: review.text,
      reviewedAt: new Date(),
    };
    await ProductReview.updateOne({ _id }, { $set: fields }, { upsert: true });
    const ratings = await this.count(productId, _id.toHexString(), review.rating);
    await this.show(productId, ratings);
    return { _id, ...fields };
  }

  /** Counts the shopper's stars in the product's ratings, on the version read. */
  private async count(productId: string, reviewer: string, rating: number): Promise<ProductRatingsDocument> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (attempt > 0) await pause();
      const ratings = await ProductRatings.findById(productId).lean<ProductRatingsDocument>();
      const stars = { ...ratings?.stars, [reviewer]: rating };
      if (ratings && ratings.stars[reviewer] === rating) return ratings;
      if (!ratings) {
        try {
          const created = await ProductRatings.create({ _id: productId, stars, version: 1 });
          return { _id: created._id, stars, version: 1 };
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      const version = ratings.version + 1;
      const { matchedCount } = await ProductRatings.updateOne({ _id: productId, version: ratings.version }, { $set: { stars, version } });
      if (matchedCount > 0) return { ...ratings, stars, version };
    }
    throw conflict('changed-meanwhile', 'Reviews of this product kept coming in at once; send yours again');
  }

  /** The product takes the ratings' figures, unless it shows those of a later version already. */
  private async show(productId: string, ratings: ProductRatingsDocument): Promise<void> {
    const stars = Object.values(ratings.stars);
    const shown = await Product.findOneAndUpdate(
      { _id: productId, $or: [{ ratingVersion: { $exists: false } }, { ratingVersion: { $lt: ratings.version } }] },
      { $set: { ratingAverage: averageOf(stars), ratingCount: stars.length, ratingVersion: ratings.version }, $inc: { revision: 1 } },
      // the whole document: the local database's findAndModify takes no projection
      { new: true },
    ).lean<AnswerFields>();
    if (shown) await this.shelf.stored(shown);
    else this.log.debug({ productId, version: ratings.version }, 'the product shows a later count of its reviews already');
  }
}

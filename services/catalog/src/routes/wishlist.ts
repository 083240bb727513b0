import { setTimeout as sleep } from 'node:timers/promises';
import { API, MAX_WISHLIST_PRODUCTS, WISHLIST_FULL, type WishlistChange } from '@bazar/contracts';
import { conflict, currentUser, endpointRouter, notFound } from '@bazar/service-kit/http';
import { isDuplicateKey } from '@bazar/service-kit/mongo';
import type { Router } from 'express';
import { Wishlist, wishlistIdOf, type KeptProduct, type WishlistDocument } from '../model/wishlist';
import type { ShelfCache } from '../shelf-cache';

/** How often a change is tried again when another change of the same wishlist landed first, after
 *  a pause of a few milliseconds, different each time so that changes racing each other part. */
const ATTEMPTS = 20;
const pause = () => sleep(2 + Math.random() * 20);

/** The shopper's wishlist, kept by the catalog: its page shows the products as the shelf has them
 *  now (price, stock, picture), one read of the cached answers. Never cached for anyone else. */
export function wishlistRoutes(shelf: ShelfCache): Router {
  const router = endpointRouter();

  router.implement(API.myWishlist, async (req, res) => {
    const wishlist = await Wishlist.findById(wishlistIdOf(currentUser(req).id)).lean<WishlistDocument>();
    const latestFirst = (wishlist?.items ?? []).map((item) => item.productId).reverse();
    const products = latestFirst.length > 0 ? await shelf.answers(latestFirst) : '[]';
    res.set('Cache-Control', 'private, no-store').type('json').send(`{"products":${products}}`);
  });

  router.implement(API.keepInWishlist, async (req, res) => {
    const productId = req.params.id;
    if (!(await shelf.product(productId))) throw notFound('no-such-product', 'No such product');
    const items = await changeWishlist(currentUser(req).id, (kept) => {
      if (kept.some((item) => item.productId === productId)) return kept;
      if (kept.length >= MAX_WISHLIST_PRODUCTS) throw conflict('wishlist-full', WISHLIST_FULL, { limit: MAX_WISHLIST_PRODUCTS });
      return [...kept, { productId, keptAt: new Date() }];
    });
    res.json({ productId, kept: true, count: items.length } satisfies WishlistChange);
  });

  router.implement(API.dropFromWishlist, async (req, res) => {
    const productId = req.params.id;
    let held = false;
    const items = await changeWishlist(currentUser(req).id, (kept) => {
      held = kept.some((item) => item.productId === productId);
      return kept.filter((item) => item.productId !== productId);
    });
    // one the store has since stopped selling is still taken out; an id that names nothing is a 404
    if (!held && !(await shelf.product(productId))) throw notFound('no-such-product', 'No such product');
    res.json({ productId, kept: false, count: items.length } satisfies WishlistChange);
  });

  return router;
}

/** Writes `change` of the wishlist on the version it was read at; a change that finds nothing to
 *  do writes nothing. Answers the products kept once written. */
async function changeWishlist(userId: string, change: (kept: KeptProduct[]) => KeptProduct[]): Promise<KeptProduct[]> {
  const _id = wishlistIdOf(userId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await pause();
    const wishlist = await Wishlist.findById(_id).lean<WishlistDocument>();
    const kept = wishlist?.items ?? [];
    const next = change(kept);
    if (next === kept || (next.length === kept.length && next.every((item, at) => item.productId === kept[at]?.productId))) return kept;
    if (!wishlist) {
      try {
        await Wishlist.create({ _id, userId, items: next, version: 1 });
        return next;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        continue;
      }
    }
    const { matchedCount } = await Wishlist.updateOne(
      { _id, version: wishlist.version },
      { $set: { items: next, version: wishlist.version + 1 } },
    );
    if (matchedCount > 0) return next;
  }
  throw conflict('changed-meanwhile', 'Your wishlist kept changing; try again');
}

import { ProductChanged, TOPICS } from '@bazar/contracts';
import type { EventHandler } from '@bazar/service-kit/kafka';
import type { ProductSearch } from '../search/product-search';
import type { ShelfCache } from '../shelf-cache';

/** product-changed: a new or edited product changes the cached lists, whoever wrote it (another
 *  replica, the seed, a writer that stopped between its write and its clear); the writer clears at
 *  once, this catches every other path. Clearing twice is harmless, so no ledger is kept. Stock
 *  changes are written through to the cache by their writer and no longer announced ('stock'
 *  events are those of earlier versions). */
export function forgetListsOnProductChanges(shelf: ShelfCache): EventHandler<typeof ProductChanged> {
  return {
    topic: TOPICS.productChanged,
    schema: ProductChanged,
    repeatable: true,
    handle: async ({ payload }) => {
      if (payload.change !== 'stock') await shelf.listsChanged();
    },
  };
}

/** product-changed, in every replica: each process keeps its own search index, so each must hear
 *  of every product published, changed or removed, and loads it once it does. */
export function keepSearchCurrent(products: ProductSearch): EventHandler<typeof ProductChanged> {
  return {
    topic: TOPICS.productChanged,
    schema: ProductChanged,
    everyReplica: true,
    handle: ({ payload }) => products.productChanged(payload.productId),
    joined: () => products.joined(),
  };
}

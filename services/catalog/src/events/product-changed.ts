import { ProductChanged, TOPICS } from '@bazar/contracts';
import type { EventHandler, ReadCache } from '@bazar/service-kit';

/** product-changed: drops the cached lists and details, whoever made the change (another
 *  replica, the seed); the writer clears at once, this catches every other path. Dropping them
 *  twice is harmless, so no ledger is kept (two database round trips per order saved). */
export function dropCachedProducts(cache: ReadCache): EventHandler<typeof ProductChanged> {
  return {
    topic: TOPICS.productChanged,
    schema: ProductChanged,
    repeatable: true,
    handle: () => cache.clear(),
  };
}

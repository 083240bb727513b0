import { ProductChanged, TOPICS } from '@bazar/contracts';
import type { EventHandler, ReadCache } from '@bazar/service-kit';

/** product-changed: drops the cached lists and details, whoever made the change (another
 *  replica, the seed); the writer clears at once, this catches every other path. */
export function dropCachedProducts(cache: ReadCache): EventHandler<typeof ProductChanged> {
  return {
    topic: TOPICS.productChanged,
    schema: ProductChanged,
    handle: () => cache.clear(),
  };
}

import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { ReadCache } from '@bazar/service-kit/redis';
import type { CatalogConfig } from './config';
import { settleOrderStock } from './events/order-status-changed';
import { forgetListsOnProductChanges, keepSearchCurrent } from './events/product-changed';
import { Product } from './model/product';
import { offerRoutes } from './routes/offers';
import { productRoutes } from './routes/products';
import { productLookupRoutes } from './routes/product-lookup';
import { productReviewRoutes } from './routes/product-reviews';
import { wishlistRoutes } from './routes/wishlist';
import { ProductRatingKeeper } from './product-ratings';
import { reservationRoutes } from './routes/reservations';
import { storeSettingsRoutes } from './routes/store-settings';
import { ShelfIndex } from './search/shelf-index';
import { ShelfCache } from './shelf-cache';
import { StockReservations } from './stock-reservations';

export async function wireCatalog({ redis, log, announcer }: ServiceContext<CatalogConfig>): Promise<Wiring> {
  const cache = new ReadCache(redis, log, 'catalog');
  const shelf = new ShelfCache(cache);
  const reservations = new StockReservations(shelf, log);
  // loaded once its product-changed consumer has joined; searches wait for it
  const products = new ShelfIndex(cache, log);
  return {
    routes: [
      productRoutes(shelf, products, announcer),
      offerRoutes(),
      reservationRoutes(reservations),
      productLookupRoutes(shelf),
      storeSettingsRoutes(),
      wishlistRoutes(shelf),
      productReviewRoutes(shelf, new ProductRatingKeeper(shelf, log)),
    ],
    consumers: [settleOrderStock(reservations), forgetListsOnProductChanges(shelf), keepSearchCurrent(products)],
    outboxes: [Product],
    jobs: [
      { name: 'finish interrupted reservations', everyMs: 15_000, run: () => reservations.finishInterrupted() },
      // the seed and other bulk changes come without events; they clear the cache instead. Each
      // replica keeps its own index.
      {
        name: 'bring the search index in line with changes without events',
        everyMs: 1_000,
        run: () => products.catchUp(),
        everyReplica: true,
      },
    ],
  };
}

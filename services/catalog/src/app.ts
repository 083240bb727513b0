import { ReadCache, type ServiceContext, type Wiring } from '@bazar/service-kit';
import { Router } from 'express';
import type { CatalogConfig } from './config';
import { settleOrderStock } from './events/order-status-changed';
import { forgetListsOnNewProducts } from './events/product-changed';
import { Product } from './model/product';
import { offerRoutes } from './routes/offers';
import { productRoutes } from './routes/products';
import { reservationRoutes } from './routes/reservations';
import { ShelfCache } from './shelf-cache';
import { StockReservations } from './stock-reservations';

export function wireCatalog({ redis, log, announcer }: ServiceContext<CatalogConfig>): Wiring {
  const shelf = new ShelfCache(new ReadCache(redis, log, 'catalog'));
  const reservations = new StockReservations(shelf, log);
  return {
    routes: Router().use(productRoutes(shelf, announcer), offerRoutes(), reservationRoutes(reservations)),
    consumers: [settleOrderStock(reservations), forgetListsOnNewProducts(shelf)],
    outboxes: [Product],
    jobs: [{ name: 'finish interrupted reservations', everyMs: 15_000, run: () => reservations.finishInterrupted() }],
  };
}

import { ReadCache, type ServiceContext, type Wiring } from '@bazar/service-kit';
import { Router } from 'express';
import type { CatalogConfig } from './config';
import { settleOrderStock } from './events/order-status-changed';
import { dropCachedProducts } from './events/product-changed';
import { Product } from './model/product';
import { offerRoutes } from './routes/offers';
import { productRoutes } from './routes/products';
import { reservationRoutes } from './routes/reservations';
import { StockReservations } from './stock-reservations';

export function wireCatalog({ redis, log, nudgeOutbox }: ServiceContext<CatalogConfig>): Wiring {
  const cache = new ReadCache(redis, log, 'catalog');
  const reservations = new StockReservations(cache, nudgeOutbox, log);
  return {
    routes: Router().use(productRoutes(cache, nudgeOutbox), offerRoutes(), reservationRoutes(reservations)),
    consumers: [settleOrderStock(reservations), dropCachedProducts(cache)],
    outboxes: [Product],
    jobs: [{ name: 'finish interrupted reservations', everyMs: 15_000, run: () => reservations.finishInterrupted() }],
  };
}

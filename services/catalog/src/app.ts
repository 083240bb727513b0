import { ReadCache, type ServiceContext, type Wiring } from '@bazar/service-kit';
import { Router } from 'express';
import type { CatalogConfig } from './config';
import { dropCachedProducts } from './events/product-changed';
import { takeOrderedStock } from './events/take-ordered-stock';
import { Product } from './model/product';
import { offerRoutes } from './routes/offers';
import { productRoutes } from './routes/products';

export function wireCatalog({ redis, log, nudgeOutbox }: ServiceContext<CatalogConfig>): Wiring {
  const cache = new ReadCache(redis, log, 'catalog');
  return {
    routes: Router().use(productRoutes(cache, nudgeOutbox), offerRoutes()),
    consumers: [takeOrderedStock(cache, log, nudgeOutbox), dropCachedProducts(cache)],
    outboxes: [Product],
  };
}

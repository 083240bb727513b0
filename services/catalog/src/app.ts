import { ReadCache, type ServiceContext, type Wiring } from '@bazar/service-kit';
import { Router } from 'express';
import type { CatalogConfig } from './config';
import { takeOrderedStock } from './events/take-ordered-stock';
import { offerRoutes } from './routes/offers';
import { productRoutes } from './routes/products';

export function wireCatalog({ redis, log }: ServiceContext<CatalogConfig>): Wiring {
  const cache = new ReadCache(redis, log, 'catalog');
  return {
    routes: Router().use(productRoutes(cache), offerRoutes()),
    consumers: [takeOrderedStock(cache, log)],
  };
}

import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { CatalogClient } from './catalog-client';
import type { CartConfig } from './config';
import { dropDeletedUsersCart } from './events/user-deleted';
import { cartRoutes } from './routes/cart';
import { checkoutRoutes } from './routes/checkouts';
import { refillRoutes } from './routes/refills';

export function wireCart({ config }: ServiceContext<CartConfig>): Wiring {
  const catalog = new CatalogClient(config.CATALOG_URL);
  return {
    routes: [cartRoutes(catalog), checkoutRoutes(), refillRoutes(catalog)],
    consumers: [dropDeletedUsersCart],
  };
}

import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { CatalogClient } from './catalog-client';
import type { CartConfig } from './config';
import { dropDeletedUsersCart } from './events/user-deleted';
import { cartRoutes } from './routes/cart';
import { checkoutRoutes } from './routes/checkouts';

export function wireCart({ config }: ServiceContext<CartConfig>): Wiring {
  return {
    routes: [cartRoutes(new CatalogClient(config.CATALOG_URL)), checkoutRoutes()],
    consumers: [dropDeletedUsersCart],
  };
}

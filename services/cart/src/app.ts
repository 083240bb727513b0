import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { CatalogClient } from './catalog-client';
import type { CartConfig } from './config';
import { clearOrderedLines, dropDeletedUsersCart } from './events/consumers';
import { cartRoutes } from './routes/cart';

export function wireCart({ config }: ServiceContext<CartConfig>): Wiring {
  return {
    routes: cartRoutes(new CatalogClient(config.CATALOG_URL)),
    consumers: [clearOrderedLines, dropDeletedUsersCart],
  };
}

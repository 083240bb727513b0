import type { ServiceContext, Wiring } from '@bazar/service-kit';
import type { OrderConfig } from './config';
import { Order } from './model/order';
import { Neighbours } from './neighbours';
import { orderRoutes } from './routes/orders';

export async function wireOrder({ config, log, nudgeOutbox }: ServiceContext<OrderConfig>): Promise<Wiring> {
  await Order.init(); // the unique index on cartState must exist before the first order is taken
  const neighbours = new Neighbours({ cart: config.CART_URL, catalog: config.CATALOG_URL });
  return {
    routes: orderRoutes(neighbours, log, nudgeOutbox),
    outboxes: [Order],
  };
}

import type { ServiceContext, Wiring } from '@bazar/service-kit';
import { readGently, readModel } from '@bazar/service-kit/mongo';
import { writeMissingSearchTexts } from './admin-order-list';
import { CartRefills } from './cart-refills';
import type { OrderConfig } from './config';
import { endStreamsWithTheirRights, passOnStatusChanges } from './events/live-order-status';
import { LiveOrders } from './live-orders';
import { Order, type OrderDocument } from './model/order';
import { DeliverySlots } from './delivery-slots';
import { Neighbours } from './neighbours';
import { ReceiptPrinter } from './receipt-printer';
import { dropRetiredReadModel } from './retired-read-model';
import { RecentOrders } from './recent-orders';
import { ShopperOrders } from './shopper-orders';
import { UnconfirmedOrders } from './unconfirmed-orders';
import type { OrderDesk } from './order-desk';
import { adminOrderRoutes } from './routes/admin-orders';
import { afterOrderRoutes } from './routes/after-order';
import { adminReportRoutes } from './routes/admin-reports';
import { SalesReports } from './sales-report';
import { deliverySlotRoutes } from './routes/delivery-slots';
import { orderRoutes } from './routes/orders';
import { productReviewRoutes } from './routes/product-reviews';
import { orderSweep } from './sweep-orders';

/** How often a replica whose comparison of the shoppers' lists with every order failed (the database
 *  away at its start) tries again. The lists are compared only until a pass goes through: every
 *  order is named in them before it is written, so only orders written before the lists were kept
 *  (or behind the service's back) can be missing. A pass reads every order, gently (`readGently`),
 *  and a request never waits for it. */
const RECONCILE_INTERVAL_MS = 15 * 60_000;

export async function wireOrder({ config, log, redis, announcer }: ServiceContext<OrderConfig>): Promise<Wiring> {
  let stopping = false;
  const shopperOrders = new ShopperOrders(log);
  const reconcile = shopperOrders.reconcilingWith(async (see) => {
    if (!see) return; // gone through once: nothing is left to compare
    for await (const order of readGently(
      readModel(Order)
        .find({ status: { $ne: 'placing' } })
        .select('userId createdAt')
        .lean<Pick<OrderDocument, '_id' | 'userId' | 'createdAt'>>(),
    )) {
      if (stopping) return;
      see(order);
    }
  });
  // in the background: a replica answers at once, and the lists are complete once it is done
  void reconcile().catch((err: unknown) => log.warn({ err }, 'checking the lists against the orders failed; the next pass tries again'));
  // in the background too: until it is done, an order placed before its search text was kept is
  // found by the admin's list but not by a search
  void writeMissingSearchTexts(log, () => stopping).catch((err: unknown) =>
    log.warn({ err }, 'writing the search text of older orders failed; the next start writes the rest'),
  );
  // and the read model the admin's list kept before, in a store that still has it
  void dropRetiredReadModel(log, () => stopping).catch((err: unknown) =>
    log.warn({ err }, "dropping the admin list's retired read model failed; the next start drops the rest"),
  );
  const desk: OrderDesk = {
    neighbours: new Neighbours({ cart: config.CART_URL, catalog: config.CATALOG_URL }),
    slots: new DeliverySlots(config.DELIVERY_SLOT_CAPACITY),
    unconfirmed: new UnconfirmedOrders(config.ORDER_HOLD_LIMIT),
    shopperOrders,
    recent: new RecentOrders(),
    announcer,
    log,
    holdWindowMs: config.ORDER_HOLD_WINDOW_MS,
  };
  const live = new LiveOrders(redis, log);
  const reports = new SalesReports(log, config.SALES_REPORT_FRESH_MS, { wholeReadEveryMs: config.SALES_REPORT_WHOLE_READ_MS });
  // in the background too, but the replica is ready only once it is made (for a while at most): the
  // first admin after a start or a release finds the report made
  void reports.warmUp(config.SALES_REPORT_READY_WAIT_MS);
  const receipts = new ReceiptPrinter(log);
  return {
    routes: [
      orderRoutes(desk, live),
      // after orderRoutes: GET /orders/live is theirs, and names no order
      afterOrderRoutes(new CartRefills(config.CART_URL), receipts),
      adminOrderRoutes(desk),
      deliverySlotRoutes(desk.slots),
      adminReportRoutes(reports, log),
      productReviewRoutes(config.CATALOG_URL),
    ],
    consumers: [passOnStatusChanges(live), ...endStreamsWithTheirRights(live)],
    outboxes: [Order],
    warming: { name: 'the sales report', done: () => reports.warmedUp() },
    jobs: [
      {
        name: 'expire holds and settle interrupted orders',
        everyMs: config.ORDER_SWEEP_INTERVAL_MS,
        run: orderSweep(desk, config.ORDER_SWEEP_INTERVAL_MS),
      },
      // until a pass has gone through (shopperOrders keeps whether it has)
      { name: 'bring the shoppers’ lists up to the orders', everyMs: RECONCILE_INTERVAL_MS, run: reconcile, everyReplica: true },
    ],
    stop: () => {
      stopping = true;
      shopperOrders.stop();
      live.close();
      reports.stop();
      receipts.stop();
    },
  };
}

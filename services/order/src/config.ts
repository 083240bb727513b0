import { ServiceUrls, StandardServiceEnv } from '@bazar/service-kit';
import { z } from 'zod';

export const OrderConfig = StandardServiceEnv.extend({
  CATALOG_URL: ServiceUrls,
  CART_URL: ServiceUrls,
  /** how long a placed order holds its units unconfirmed before the store cancels it */
  ORDER_HOLD_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(30 * 60_000),
  /** how many orders a delivery slot takes until the admin sets the default or the slot's own */
  DELIVERY_SLOT_CAPACITY: z.coerce.number().int().min(0).max(10_000).default(20),
  /** how many unconfirmed orders one shopper may hold at once */
  ORDER_HOLD_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
  /** how often each replica looks for expired holds and orders left half-placed */
  ORDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  /** how long the Orders page's sales report is answered as made, before it is made again
   *  (sales-report.ts); 0 makes it at every request */
  SALES_REPORT_FRESH_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** how long a replica starting waits at most for its first sales report before it says it is
   *  ready (sales-report.ts `warmUp`); under the stack's 30 s for a start, with room for the rest */
  SALES_REPORT_READY_WAIT_MS: z.coerce.number().int().min(0).max(20_000).default(10_000),
  /** how often the sales report reads its 30 days' orders whole again, in the background, for
   *  orders removed behind the service's back (sales-report.ts); between, it reads the orders
   *  written since its last read */
  SALES_REPORT_WHOLE_READ_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(24 * 3_600_000)
    .default(3_600_000),
});
export type OrderConfig = typeof OrderConfig._output;

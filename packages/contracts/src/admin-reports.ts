import { z } from 'zod';
import { ObjectIdString } from './common';
import { OrderListQuery } from './order';
import { MAX_STOCK } from './product-limits';

// What the admin reads of the business (issue 54, item 8): sales over time, best sellers, the
// orders as a spreadsheet, the accounts a page at a time, and the products running out.

/** The sales chart covers this many shop days (Bangladesh time), today included. */
export const SALES_REPORT_DAYS = 30;
/** The best sellers the report names. */
export const BEST_SELLERS = 10;

/** One shop day of the chart: the orders placed that day (any status) and the revenue of those not
 *  cancelled, in taka, as the Orders page's summary counts today. */
export const SalesDay = z.object({ day: z.iso.date(), orders: z.number().int(), revenue: z.number() });
export type SalesDay = z.infer<typeof SalesDay>;

/** A product among the best sellers: units in the orders not cancelled, and what they came to (taka). */
export const BestSeller = z.object({
  productId: ObjectIdString,
  name: z.string(),
  name_bn: z.string().optional(),
  units: z.number().int(),
  revenue: z.number(),
});
export type BestSeller = z.infer<typeof BestSeller>;

/** GET /salesreport: the last SALES_REPORT_DAYS shop days, oldest first (days without orders too),
 *  and the BEST_SELLERS products that sold the most units in them. */
export const SalesReport = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.array(SalesDay),
  bestSellers: z.array(BestSeller),
});
export type SalesReport = z.infer<typeof SalesReport>;

/** GET /allorders/export: the same filters as the Orders page, every matching order (no pages). */
export const OrderExportQuery = OrderListQuery.omit({ page: true, pageSize: true });
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;

/** Pages of the admin's accounts list are at most this long. */
export const MAX_USER_PAGE_SIZE = 50;

/** GET /allusers: without page, pageSize or q, every account (the spec); with any of them, one page
 *  of those whose email or name holds q (any case), and TOTAL_COUNT_HEADER says how many match. */
export const UserListQuery = z.strictObject({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  page: z.coerce.number().int('page must be a whole number').min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int('pageSize must be a whole number').min(1).max(MAX_USER_PAGE_SIZE).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** The store's settings the admin sets, kept by the catalog: a product with fewer units than
 *  `lowStockThreshold` is low on stock (0: none is). */
export const StoreSettings = z.object({ lowStockThreshold: z.number().int() });
export type StoreSettings = z.infer<typeof StoreSettings>;

const NOT_A_THRESHOLD = 'lowStockThreshold must be a whole number';
/** A number, or the same number as text (a form's field); never null or a blank made into 0. */
export const StoreSettingsUpdate = z.strictObject({
  lowStockThreshold: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, NOT_A_THRESHOLD).transform(Number)], { error: NOT_A_THRESHOLD })
    .pipe(
      z
        .number()
        .int(NOT_A_THRESHOLD)
        .min(0, `lowStockThreshold must be between 0 and ${MAX_STOCK}`)
        .max(MAX_STOCK, `lowStockThreshold must be between 0 and ${MAX_STOCK}`),
    ),
});
export type StoreSettingsUpdate = z.infer<typeof StoreSettingsUpdate>;

/** GET /lowstock: a page of the products with fewer units than the threshold, fewest first. */
export const LowStockQuery = z.strictObject({
  page: z.coerce.number().int('page must be a whole number').min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int('pageSize must be a whole number').min(1).max(48).default(12),
});
export type LowStockQuery = z.infer<typeof LowStockQuery>;

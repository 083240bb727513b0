import { API, type SalesReport } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { endpointRouter } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { streamOrdersCsv } from '../order-export';
import type { SalesReports } from '../sales-report';

/** What the admin reads of the business beside the order list: the sales chart and best sellers,
 *  and the filtered orders as a CSV file. */
export function adminReportRoutes(reports: SalesReports, log: Logger): Router {
  const router = endpointRouter();

  router.implement(API.salesReport, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json((await reports.report()) satisfies SalesReport);
  });

  router.implement(API.exportOrders, async (req, res) => {
    await streamOrdersCsv(req.query, res, log);
  });

  return router;
}

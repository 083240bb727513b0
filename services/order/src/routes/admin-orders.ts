import { API, type Order as OrderAnswer, type OrderPage, type OrderSummary } from '@bazar/contracts';
import { endpointRouter } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { listedPage, orderSummary } from '../admin-order-list';
import { toOrderAnswer } from '../model/order';
import { moveOrder } from '../move-order';
import type { OrderDesk } from '../order-desk';

/** The admin's side of orders: the list, today's summary, moving an order on. */
export function adminOrderRoutes(desk: OrderDesk): Router {
  const router = endpointRouter();

  router.implement(API.allOrders, async (req, res) => {
    const { query } = req;
    const { orders, total } = await listedPage(query);
    res.json({ orders, total, page: query.page, pageSize: query.pageSize } satisfies OrderPage);
  });

  router.implement(API.orderSummary, async (_req, res) => {
    res.json((await orderSummary()) satisfies OrderSummary);
  });

  router.implement(API.setOrderStatus, async (req, res) => {
    const order = await moveOrder(desk, { orderId: req.params.id, to: req.body.status, actor: 'admin' });
    res.json(toOrderAnswer(order) satisfies OrderAnswer);
  });

  return router;
}

import { API, type Order as OrderAnswer, type OrderPage, type OrderSummary } from '@bazar/contracts';
import { endpointRouter, readModel } from '@bazar/service-kit';
import type { Router } from 'express';
import { ANSWER_FIELDS, Order, toOrderAnswer, type OrderDocument } from '../model/order';
import { moveOrder } from '../move-order';
import { listedPage, orderSummary } from '../order-listings';
import type { OrderDesk } from '../order-desk';

/** The admin's side of orders: the list, today's summary, moving an order on. */
export function adminOrderRoutes(desk: OrderDesk): Router {
  const router = endpointRouter();

  router.implement(API.allOrders, async (req, res) => {
    const { query } = req;
    const { ids, total } = await listedPage(query);
    // by `_id`, one at a time: the one lookup FerretDB makes without reading every order
    const orders = await Promise.all(ids.map((id) => readModel(Order).findById(id).select(ANSWER_FIELDS).lean<OrderDocument>()));
    const page = orders.filter((order) => order !== null).map(toOrderAnswer);
    res.json({ orders: page, total, page: query.page, pageSize: query.pageSize } satisfies OrderPage);
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

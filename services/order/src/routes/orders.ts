import { API, IDEMPOTENCY_KEY_HEADER, type Order as OrderAnswer, type PlaceOrderAnswer } from '@bazar/contracts';
import { currentUser, endpointRouter } from '@bazar/service-kit/http';
import type { Router } from 'express';
import type { LiveOrders } from '../live-orders';
import { toOrderAnswer } from '../model/order';
import { moveOrder } from '../move-order';
import type { OrderDesk } from '../order-desk';
import { placeOrder } from '../place-order';

/** A shopper's orders: placing one, reading them, confirming and cancelling, following them live. */
export function orderRoutes(desk: OrderDesk, live: LiveOrders): Router {
  const router = endpointRouter();

  router.implement(API.placeOrder, async (req, res) => {
    const { order, created } = await placeOrder(desk, {
      user: currentUser(req),
      body: req.body,
      idempotencyKey: req.get(IDEMPOTENCY_KEY_HEADER),
    });
    const answer: PlaceOrderAnswer = { acknowledged: true, insertedId: order._id.toString(), order: toOrderAnswer(order) };
    res.status(created ? 201 : 200).json(answer);
  });

  router.implement(API.myOrders, async (req, res) => {
    const orders = await desk.shopperOrders.latest(currentUser(req).id);
    res.json(orders.map(toOrderAnswer) satisfies OrderAnswer[]);
  });

  /** Pay on delivery: a placed order becomes confirmed. */
  router.implement(API.confirmOrder, async (req, res) => {
    const order = await moveOrder(desk, { orderId: req.params.id, to: 'confirmed', actor: 'shopper', ownerId: currentUser(req).id });
    res.json(toOrderAnswer(order) satisfies OrderAnswer);
  });

  /** A shopper cancels their own order until it is packed; an admin any order until it is delivered. */
  router.implement(API.cancelOrder, async (req, res) => {
    const user = currentUser(req);
    const by = user.role === 'admin' ? { actor: 'admin' as const } : { actor: 'shopper' as const, ownerId: user.id };
    const order = await moveOrder(desk, { orderId: req.params.id, to: 'cancelled', ...by });
    res.json(toOrderAnswer(order) satisfies OrderAnswer);
  });

  router.implement(API.followOrders, live.stream);

  return router;
}

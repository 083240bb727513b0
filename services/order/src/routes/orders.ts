import {
  IDEMPOTENCY_KEY_HEADER,
  IdParams,
  PlaceOrder,
  PlaceOrderHeaders,
  type Order as OrderAnswer,
  type PlaceOrderAnswer,
} from '@bazar/contracts';
import { currentUser, notFound, readModel, requireUser, validate, type Logger, type NudgeOutbox } from '@bazar/service-kit';
import { Router } from 'express';
import { Order, toOrderAnswer, type OrderDocument } from '../model/order';
import type { Neighbours } from '../neighbours';
import { placeOrder } from '../place-order';

export function orderRoutes(neighbours: Neighbours, log: Logger, nudgeOutbox: NudgeOutbox): Router {
  const router = Router();

  router.post('/orderplace', requireUser, validate({ headers: PlaceOrderHeaders, body: PlaceOrder }), async (req, res) => {
    const { order, created } = await placeOrder({
      user: currentUser(req),
      body: req.body,
      idempotencyKey: req.get(IDEMPOTENCY_KEY_HEADER),
      neighbours,
      log,
    });
    if (created) nudgeOutbox(Order, order);
    const answer: PlaceOrderAnswer = { acknowledged: true, insertedId: order._id.toString(), order: toOrderAnswer(order) };
    res.status(created ? 201 : 200).json(answer);
  });

  router.get('/myorders', requireUser, async (req, res) => {
    const orders = await readModel(Order)
      .find({ email: currentUser(req).email })
      .sort({ createdAt: -1 })
      .lean<OrderDocument[]>();
    res.json(orders.map(toOrderAnswer) satisfies OrderAnswer[]);
  });

  /** Pay on delivery: a pending order becomes confirmed; confirming again changes nothing. */
  router.put('/orders/:id/confirm', requireUser, validate({ params: IdParams }), async (req, res) => {
    const owned = { _id: req.params.id, email: currentUser(req).email };
    const order =
      (await Order.findOneAndUpdate(
        { ...owned, status: 'pending-payment' },
        { $set: { status: 'confirmed' } },
        { new: true },
      ).lean<OrderDocument>()) ?? (await Order.findOne(owned).lean<OrderDocument>());
    if (!order) throw notFound('No such order');
    res.json(toOrderAnswer(order) satisfies OrderAnswer);
  });

  return router;
}

import { API, OrderStatus, type OrderListQuery, type Order as OrderAnswer, type OrderPage, type OrderSummary } from '@bazar/contracts';
import { endpointRouter, readModel } from '@bazar/service-kit';
import type { Router } from 'express';
import { Types } from 'mongoose';
import { ANSWER_FIELDS, Order, toOrderAnswer, type OrderDocument } from '../model/order';
import { moveOrder } from '../move-order';
import type { OrderDesk } from '../place-order';

/** Bangladesh keeps UTC+6 all year: a shop day starts at 18:00 UTC the day before. */
const DHAKA_OFFSET_MS = 6 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS);
const dhakaToday = () => new Date(Date.now() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);

/** Escapes text so it matches literally inside a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The filter of the admin's order list (orders still being placed are never listed). */
function listFilter({ status, from, to, q }: OrderListQuery) {
  const placedAt = {
    ...(from && { $gte: dayStart(from) }),
    ...(to && { $lt: new Date(dayStart(to).getTime() + DAY_MS) }),
  };
  const digits = q?.replace(/\D/g, '') ?? '';
  const search = q && [
    ...(Types.ObjectId.isValid(q) && /^[0-9a-f]{24}$/i.test(q) ? [{ _id: q }] : []),
    { email: { $regex: literally(q), $options: 'i' } },
    // phones are stored as 01XXXXXXXXX: +8801… and spaced forms are searched by their last digits
    ...(digits.length >= 3 ? [{ phone: { $regex: literally(digits.replace(/^880/, '0')) } }] : []),
  ];
  return {
    status: status ?? { $ne: 'placing' as const },
    ...(Object.keys(placedAt).length > 0 && { createdAt: placedAt }),
    ...(search && { $or: search }),
  };
}

/** The admin's side of orders: the list, today's summary, moving an order on. */
export function adminOrderRoutes(desk: OrderDesk): Router {
  const router = endpointRouter();

  router.implement(API.allOrders, async (req, res) => {
    const { query } = req;
    const filter = listFilter(query);
    const [orders, total] = await Promise.all([
      readModel(Order)
        .find(filter)
        .select(ANSWER_FIELDS)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .lean<OrderDocument[]>(),
      readModel(Order).countDocuments(filter),
    ]);
    res.json({ orders: orders.map(toOrderAnswer), total, page: query.page, pageSize: query.pageSize } satisfies OrderPage);
  });

  router.implement(API.orderSummary, async (_req, res) => {
    const today = dhakaToday();
    const [todays, counts] = await Promise.all([
      readModel(Order)
        .find({ createdAt: { $gte: dayStart(today) }, status: { $ne: 'placing' } })
        .select('status totalPaisa')
        .lean<Pick<OrderDocument, 'status' | 'totalPaisa'>[]>(),
      readModel(Order).aggregate<{ _id: string; count: number }>([{ $group: { _id: '$status', count: { $sum: 1 } } }]),
    ]);
    const countOf = new Map(counts.map(({ _id, count }) => [_id, count]));
    const byStatus = Object.fromEntries(
      OrderStatus.options.map((status) => [status, countOf.get(status) ?? 0]),
    ) as OrderSummary['byStatus'];
    const revenuePaisa = todays.filter((order) => order.status !== 'cancelled').reduce((sum, order) => sum + order.totalPaisa, 0);
    res.json({ today, todayOrders: todays.length, todayRevenue: revenuePaisa / 100, byStatus } satisfies OrderSummary);
  });

  router.implement(API.setOrderStatus, async (req, res) => {
    const order = await moveOrder(desk, { orderId: req.params.id, to: req.body.status, actor: 'admin' });
    res.json(toOrderAnswer(order) satisfies OrderAnswer);
  });

  return router;
}

import { API, RECEIPT_CONTENT_TYPE, type BuyAgainAnswer, type Order as OrderAnswer } from '@bazar/contracts';
import { currentUser, endpointRouter, notFound, type RequestUser } from '@bazar/service-kit/http';
import type { Router } from 'express';
import type { CartRefills } from '../cart-refills';
import { ordersWithIds, toOrderAnswer, type OrderDocument } from '../model/order';
import type { ReceiptPrinter } from '../receipt-printer';

/** The order `id` if `user` may read it: their own (an admin: any), never one still being placed.
 *  Another shopper's order is answered like a missing one: its existence is not theirs to learn. */
async function readableOrder(id: string, user: RequestUser): Promise<OrderDocument> {
  const [order] = await ordersWithIds([id], user.role === 'admin' ? {} : { userId: user.id });
  if (!order || order.status === 'placing') throw notFound('no-such-order', 'No such order');
  return order;
}

/** After an order: reading one (its receipt page), its receipt as a PDF, and buying it again. */
export function afterOrderRoutes(refills: CartRefills, printer: ReceiptPrinter): Router {
  const router = endpointRouter();

  router.implement(API.myOrder, async (req, res) => {
    res.json(toOrderAnswer(await readableOrder(req.params.id, currentUser(req))) satisfies OrderAnswer);
  });

  router.implement(API.orderReceipt, async (req, res) => {
    const order = await readableOrder(req.params.id, currentUser(req));
    const pdf = await printer.print(toOrderAnswer(order), req.query.lang);
    res
      .status(200)
      .set({
        'content-type': RECEIPT_CONTENT_TYPE,
        'content-disposition': `attachment; filename="bazar-receipt-${order._id.toString()}.pdf"`,
        'cache-control': 'private, no-store',
      })
      .send(pdf);
  });

  /** The lines go back at the catalog's prices now (the cart prices them, never the order nor the
   *  browser); an admin buys again only their own orders, as any shopper. */
  router.implement(API.buyAgain, async (req, res) => {
    const user = currentUser(req);
    const [order] = await ordersWithIds([req.params.id], { userId: user.id });
    if (!order || order.status === 'placing') throw notFound('no-such-order', 'No such order');
    const { lines, items } = await refills.refill(
      user.email,
      order.items.map(({ productId, quantity }) => ({ productId, quantity })),
    );
    const ordered = new Map(order.items.map((item) => [item.productId, item]));
    const shortfalls = items
      .filter(({ requested, added }) => added < requested)
      .map(({ productId, requested, added, sold }) => {
        const item = ordered.get(productId);
        return { productId, name: item?.name ?? '', ...(item?.name_bn && { name_bn: item.name_bn }), requested, added, sold };
      });
    res.json({ lines, shortfalls } satisfies BuyAgainAnswer);
  });

  return router;
}

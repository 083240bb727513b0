import { CART_CHANGED_DURING_ORDER, CartCheckout, Email, IdParams, type CheckoutOutcome } from '@bazar/contracts';
import { conflict, requireService, validate } from '@bazar/service-kit/http';
import { upsertOne } from '@bazar/service-kit/mongo';
import { Router } from 'express';
import { z } from 'zod';
import { Cart, revised, type CartDocument } from '../model/cart';

/** How many recent checkouts each cart remembers (taken or voided): enough for a repeat of one to be
 *  recognised long after, as a shopper has at most a few orders awaiting confirmation. */
const REMEMBERED_CHECKOUTS = 20;
const voided = (checkoutId: string) => `void:${checkoutId}`;
const remember = (entry: string) => ({ takenByOrders: { $each: [entry], $slice: -REMEMBERED_CHECKOUTS } });
const answer = (outcome: CheckoutOutcome['outcome']): CheckoutOutcome => ({ outcome });

/**
 * Internal: the order service takes an order's pieces off the cart while placing it (never routed
 * by the gateway; the id is the order's reservation id, one per attempt to place it).
 *
 * A checkout is one write on the shopper's one cart document: it takes every ordered piece, or
 * nothing when a line has fewer pieces than ordered (the shopper removed some meanwhile), and
 * remembers the checkout in the same write, so a repeat takes nothing. Pieces added meanwhile stay.
 * A void, for an attempt whose outcome its order never learned, makes sure it never takes anything
 * later; it answers `taken` if it already did.
 */
export function checkoutRoutes(): Router {
  const router = Router();
  // only the order service checks a cart out: anyone else could take the lines off anyone's cart
  const orderService = requireService({ at: 'cart', from: ['order'] });

  router.post('/internal/checkouts/:id', orderService, validate({ params: IdParams, body: CartCheckout }), async (req, res) => {
    const { email, items } = req.body;
    const checkoutId = req.params.id;
    const everyPieceThere = Object.fromEntries(
      items.map(({ productId, quantity }) => [`lines.${productId}.cartQuantity`, { $gte: quantity }]),
    );
    const { modifiedCount } = await Cart.updateOne(
      { _id: email, takenByOrders: { $nin: [checkoutId, voided(checkoutId)] }, ...everyPieceThere },
      revised({
        $inc: Object.fromEntries(items.map(({ productId, quantity }) => [`lines.${productId}.cartQuantity`, -quantity])),
        $push: remember(checkoutId),
      }),
    );
    if (modifiedCount > 0 || (await checkoutsOf(email)).includes(checkoutId)) return void res.json(answer('taken'));
    throw conflict('cart-changed-during-order', CART_CHANGED_DURING_ORDER);
  });

  router.post(
    '/internal/checkouts/:id/void',
    orderService,
    validate({ params: IdParams, body: z.strictObject({ email: Email }) }),
    async (req, res) => {
      const { email } = req.body;
      const checkoutId = req.params.id;
      // matches nothing where the cart did take it
      await upsertOne(Cart, { _id: email, takenByOrders: { $ne: checkoutId } }, { $addToSet: { takenByOrders: voided(checkoutId) } });
      res.json(answer((await checkoutsOf(email)).includes(checkoutId) ? 'taken' : 'voided'));
    },
  );

  return router;
}

/** The checkouts a cart remembers, read through the write connection: right after a write of it. */
async function checkoutsOf(email: string): Promise<string[]> {
  return (await Cart.findById(email, 'takenByOrders').lean<CartDocument>())?.takenByOrders ?? [];
}

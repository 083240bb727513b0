import { CartRefill, MAX_LINE_QUANTITY, type CartLine as CartLineAnswer, type CartRefillAnswer } from '@bazar/contracts';
import { requireService, validate } from '@bazar/service-kit/http';
import { Router } from 'express';
import type { CatalogClient } from '../catalog-client';
import { Cart, lineOf, toCartLineAnswer, type CartDocument, type CartLine } from '../model/cart';
import { addLine, raiseLine } from './cart';

/** How often one product's write is tried again when another write to its line got in first. */
const LOOKS = 3;

/**
 * Internal: the order service puts an earlier order's pieces back on its shopper's cart ("Buy
 * again"; never routed by the gateway, and the order service has checked the order is the
 * shopper's). Each product is written as Add to Cart writes it, with the catalog's name and price
 * now: as many of its pieces as the shelf holds beside those already on the line, up to the line's
 * limit. A product no longer sold or out of stock adds nothing; the answer says, for each product,
 * how many went in, and the screen names the rest.
 */
export function refillRoutes(catalog: CatalogClient): Router {
  const router = Router();

  router.post('/internal/refills', requireService({ at: 'cart', from: ['order'] }), validate({ body: CartRefill }), async (req, res) => {
    const { email, items } = req.body;
    const asked = new Map<string, number>();
    for (const { productId, quantity } of items) asked.set(productId, (asked.get(productId) ?? 0) + quantity);

    const lines: CartLineAnswer[] = [];
    const outcomes: CartRefillAnswer['items'] = [];
    for (const [productId, requested] of asked) {
      const product = await catalog.product(productId);
      if (!product) {
        outcomes.push({ productId, requested, added: 0, sold: false });
        continue;
      }
      let added = 0;
      for (let look = 0; look < LOOKS; look++) {
        const cart = await Cart.findById(email).lean<CartDocument>();
        const inCart = Math.max(0, lineOf(cart, productId)?.cartQuantity ?? 0);
        const pieces = Math.min(requested, product.quantity - inCart, MAX_LINE_QUANTITY - inCart);
        if (pieces <= 0) break;
        const line: CartLine | undefined =
          inCart > 0 ? await raiseLine(email, productId, product, pieces) : await addLine(email, productId, product, pieces);
        if (line) {
          added = pieces;
          lines.push(toCartLineAnswer(email, line));
          break;
        }
      }
      outcomes.push({ productId, requested, added, sold: true });
    }
    res.json({ lines, items: outcomes } satisfies CartRefillAnswer);
  });

  return router;
}

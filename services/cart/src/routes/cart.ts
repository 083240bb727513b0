import {
  API,
  CART_REVISION_HEADER,
  CART_KEPT_CHANGING,
  cartRevisionTag,
  type CartLine as CartLineAnswer,
  type CartStockRefusal,
  type DeleteAnswer,
} from '@bazar/contracts';
import { conflict, currentUser, endpointRouter, fieldRefusal, notFound } from '@bazar/service-kit/http';
import { isDuplicateKey, readModel } from '@bazar/service-kit/mongo';
import type { Router } from 'express';
import type { CatalogClient, CatalogProduct } from '../catalog-client';
import { Cart, lineById, lineOf, linesOf, revised, revisionOf, toCartLineAnswer, type CartDocument, type CartLine } from '../model/cart';

/** More asked for than the stock: a 409 naming `cartQuantity`, the field to change, and how many the
 *  shelf holds (CartStockRefusal). */
function notEnoughStock(product: CatalogProduct) {
  const left = product.quantity === 0 ? `${product.name} is out of stock` : `Only ${product.quantity} of ${product.name} left`;
  return fieldRefusal(409, 'not-enough-stock', 'cartQuantity', left, { available: product.quantity } satisfies Partial<CartStockRefusal>);
}

/** The update that writes a product's whole line, with the catalog's current names, price, image
 *  and description, and its quantity raised by or set to a number. Raising is an `$inc`, so two
 *  adds at once both count. */
function lineWrite(productId: string, product: CatalogProduct, quantity: { raiseBy: number } | { setTo: number }) {
  const at = (field: string) => `lines.${productId}.${field}`;
  return revised({
    $set: {
      [at('cartName')]: product.name,
      ...(product.name_bn && { [at('cartName_bn')]: product.name_bn }),
      [at('cartPricePaisa')]: product.pricePaisa,
      [at('cartimage')]: product.img,
      [at('cartDes')]: product.description,
      ...('setTo' in quantity && { [at('cartQuantity')]: quantity.setTo }),
    },
    ...('raiseBy' in quantity && { $inc: { [at('cartQuantity')]: quantity.raiseBy } }),
    $min: { [at('addedAt')]: new Date() },
  });
}

/** The product's line written whole, where the cart has none of it (or only an emptied line); the
 *  cart itself made if the shopper has none. Undefined where the cart has the product. */
export async function addLine(
  email: string,
  productId: string,
  product: CatalogProduct,
  cartQuantity: number,
): Promise<CartLine | undefined> {
  const at = `lines.${productId}`;
  try {
    const cart = await Cart.findOneAndUpdate(
      { _id: email, $or: [{ [at]: { $exists: false } }, { [`${at}.cartQuantity`]: { $lte: 0 } }] },
      lineWrite(productId, product, { setTo: cartQuantity }),
      { upsert: true, returnDocument: 'after', lean: true },
    );
    return lineOf(cart as CartDocument, productId);
  } catch (err) {
    if (isDuplicateKey(err)) return undefined; // the cart is there, with the product: the upsert's insert clashed
    throw err;
  }
}

/** More of the product on the cart's line, if the shelf holds the line's pieces and these. */
export async function raiseLine(
  email: string,
  productId: string,
  product: CatalogProduct,
  cartQuantity: number,
): Promise<CartLine | undefined> {
  const cart = await Cart.findOneAndUpdate(
    { _id: email, [`lines.${productId}.cartQuantity`]: { $gte: 1, $lte: product.quantity - cartQuantity } },
    lineWrite(productId, product, { raiseBy: cartQuantity }),
    { returnDocument: 'after', lean: true },
  );
  return lineOf(cart as CartDocument | null, productId);
}

export function cartRoutes(catalog: CatalogClient): Router {
  const router = endpointRouter();
  // The read before a write goes through the read connection: the write is one atomic command of
  // its own either way, and the service's one write connection (see readModel) is left to the
  // writes and the order consumer, which queued behind these reads under the order flow.
  const cartOf = (email: string) => readModel(Cart).findById(email).lean<CartDocument>();

  router.implement(API.addToCart, async (req, res) => {
    const { email } = currentUser(req);
    const { productId, cartQuantity, userEmail } = req.body;
    if (userEmail && userEmail !== email) throw fieldRefusal(403, 'own-account-only', 'userEmail', 'You can only add to your own cart');

    const product = await catalog.product(productId);
    if (!product) throw notFound('no-such-product', 'No such product');
    if (cartQuantity > product.quantity) throw notEnoughStock(product);

    // One conditional write, without reading the cart first: a new line where the cart has none of
    // the product (or only a line an order just emptied, which starts again from nothing), else more
    // on the line there while the shelf has that many. A line added or emptied between the two is
    // looked at again.
    for (let looks = 0; looks < 3; looks++) {
      const added = await addLine(email, productId, product, cartQuantity);
      if (added) return void res.status(201).json(toCartLineAnswer(email, added) satisfies CartLineAnswer);
      const raised = await raiseLine(email, productId, product, cartQuantity);
      if (raised) return void res.json(toCartLineAnswer(email, raised) satisfies CartLineAnswer);
      const there = linesOf(await cartOf(email)).find((line) => line.productId === productId);
      if (there && there.cartQuantity + cartQuantity > product.quantity) throw notEnoughStock(product);
    }
    throw conflict('changed-meanwhile', CART_KEPT_CHANGING);
  });

  router.implement(API.myCart, async (req, res) => {
    const { email } = currentUser(req);
    const cart = await cartOf(email);
    res.set(CART_REVISION_HEADER, cartRevisionTag(revisionOf(cart)));
    res.json(linesOf(cart).map((line) => toCartLineAnswer(email, line)) satisfies CartLineAnswer[]);
  });

  router.implement(API.setCartQuantity, async (req, res) => {
    const { email } = currentUser(req);
    // another shopper's line is answered like a missing one, as on delete
    const existing = lineById(await cartOf(email), req.params.id);
    if (!existing) throw notFound('no-such-cart-line', 'No such cart line');
    const product = await catalog.product(existing.productId);
    if (!product) throw notFound('product-no-longer-sold', 'That product is no longer sold');
    if (req.body.cartQuantity > product.quantity) throw notEnoughStock(product);

    // only while the line is there: a removal between the read above and this write (two quick taps
    // of −) must not be undone by writing the line again
    const updated = await Cart.findOneAndUpdate(
      { _id: email, [`lines.${existing.productId}`]: { $exists: true } },
      lineWrite(existing.productId, product, { setTo: req.body.cartQuantity }),
      { returnDocument: 'after', lean: true },
    );
    const line = lineOf(updated as CartDocument | null, existing.productId);
    if (!line) throw notFound('no-such-cart-line', 'No such cart line'); // the line or the cart went in the meantime
    res.json(toCartLineAnswer(email, line) satisfies CartLineAnswer);
  });

  router.implement(API.removeCartLine, async (req, res) => {
    const { email } = currentUser(req);
    // another shopper's line is answered like a missing one: its existence is not theirs to learn
    const line = lineById(await cartOf(email), req.params.id);
    if (!line) throw notFound('no-such-cart-line', 'No such cart line');
    const { modifiedCount } = await Cart.updateOne({ _id: email }, revised({ $unset: { [`lines.${line.productId}`]: 1 } }));
    res.json({ acknowledged: true, deletedCount: modifiedCount } satisfies DeleteAnswer);
  });

  return router;
}

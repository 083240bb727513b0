import { AddToCart, EmailParams, IdParams, SetCartQuantity, type CartLine as CartLineAnswer, type DeleteAnswer } from '@bazar/contracts';
import { conflict, currentUser, forbidden, notFound, requireUser, validate } from '@bazar/service-kit';
import { Router } from 'express';
import type { CatalogClient, CatalogProduct } from '../catalog-client';
import { CartLine, toCartLineAnswer, type CartLineDocument } from '../model/cart-line';

const notEnoughStock = (product: CatalogProduct) =>
  conflict(product.quantity === 0 ? `${product.name} is out of stock` : `Only ${product.quantity} of ${product.name} left`);

/** The catalog's current name, price, image and description, copied onto the line. */
const catalogCopy = (product: CatalogProduct) => ({
  cartName: product.name,
  cartPricePaisa: product.pricePaisa,
  cartimage: product.img,
  cartDes: product.description,
});

export function cartRoutes(catalog: CatalogClient): Router {
  const router = Router();

  router.post('/addtocart', requireUser, validate({ body: AddToCart }), async (req, res) => {
    const user = currentUser(req);
    const { productId, cartQuantity, userEmail } = req.body;
    if (userEmail && userEmail !== user.email) throw forbidden('You can only add to your own cart');

    const product = await catalog.product(productId);
    if (!product) throw notFound('No such product');
    const existing = await CartLine.findOne({ userEmail: user.email, productId }).lean<CartLineDocument>();
    const wanted = (existing?.cartQuantity ?? 0) + cartQuantity;
    if (wanted > product.quantity) throw notEnoughStock(product);

    const line = await CartLine.findOneAndUpdate(
      { userEmail: user.email, productId },
      { $inc: { cartQuantity }, $set: catalogCopy(product) },
      { upsert: true, new: true, lean: true },
    );
    res.status(existing ? 200 : 201).json(toCartLineAnswer(line as CartLineDocument) satisfies CartLineAnswer);
  });

  router.get('/myallcart/:email', requireUser, validate({ params: EmailParams }), async (req, res) => {
    if (req.params.email !== currentUser(req).email) throw forbidden('You can only see your own cart');
    const lines = await CartLine.find({ userEmail: req.params.email }).sort({ createdAt: 1, _id: 1 }).lean<CartLineDocument[]>();
    res.json(lines.map(toCartLineAnswer) satisfies CartLineAnswer[]);
  });

  router.put('/cartquantity/:id', requireUser, validate({ params: IdParams, body: SetCartQuantity }), async (req, res) => {
    // another shopper's line is answered like a missing one, as on delete
    const owned = { _id: req.params.id, userEmail: currentUser(req).email };
    const existing = await CartLine.findOne(owned).lean<CartLineDocument>();
    if (!existing) throw notFound('No such cart line');
    const product = await catalog.product(existing.productId);
    if (!product) throw notFound('That product is no longer sold');
    if (req.body.cartQuantity > product.quantity) throw notEnoughStock(product);

    const line = await CartLine.findOneAndUpdate(
      owned,
      { $set: { cartQuantity: req.body.cartQuantity, ...catalogCopy(product) } },
      { new: true, lean: true },
    );
    if (!line) throw notFound('No such cart line'); // removed in the meantime
    res.json(toCartLineAnswer(line as CartLineDocument) satisfies CartLineAnswer);
  });

  router.delete('/deletecart/:id', requireUser, validate({ params: IdParams }), async (req, res) => {
    // another shopper's line is answered like a missing one: its existence is not theirs to learn
    const { deletedCount } = await CartLine.deleteOne({ _id: req.params.id, userEmail: currentUser(req).email });
    if (deletedCount === 0) throw notFound('No such cart line');
    res.json({ acknowledged: true, deletedCount } satisfies DeleteAnswer);
  });

  return router;
}

import { IdParams, NewProduct, ProductSearchQuery, takaToPaisa, type InsertAnswer } from '@bazar/contracts';
import { notFound, readModel, requireAdmin, validate, type Announcer } from '@bazar/service-kit';
import { Router, type Response } from 'express';
import mongoose from 'mongoose';
import { Product, productChanged } from '../model/product';
import type { ShelfCache } from '../shelf-cache';

/** Escapes text so it matches literally inside a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The cache holds answers as JSON text, so a hit is sent as it is, without parsing and
 *  serialising the list again. Browsers revalidate every time (express answers 304 to a matching
 *  ETag), so a published product shows on the next load. */
const sendPublicJson = (res: Response, json: string) => res.set('Cache-Control', 'no-cache').type('json').send(json);

export function productRoutes(shelf: ShelfCache, announcer: Announcer): Router {
  const router = Router();

  router.get('/products', validate({ query: ProductSearchQuery }), async (req, res) => {
    const search = req.query.search ?? '';
    const json = await shelf.list(`products:${search}`, async () => {
      const pattern = { $regex: literally(search), $options: 'i' };
      const filter = search ? { $or: [{ name: pattern }, { description: pattern }] } : {};
      const found = await readModel(Product)
        .find(filter)
        .select('_id')
        .sort({ createdAt: 1, _id: 1 })
        .lean<{ _id: mongoose.Types.ObjectId }[]>();
      return found.map((product) => product._id.toString());
    });
    sendPublicJson(res, json);
  });

  router.get('/product-details/:id', validate({ params: IdParams }), async (req, res) => {
    const json = await shelf.product(req.params.id);
    if (!json) throw notFound('No such product');
    sendPublicJson(res, json);
  });

  router.post('/addproducts', requireAdmin, validate({ body: NewProduct }), async (req, res) => {
    const { name, price, quantity, description, img } = req.body;
    const _id = new mongoose.Types.ObjectId();
    await announcer.create(Product, { _id, name, pricePaisa: takaToPaisa(price), quantity, description, img }, [
      productChanged(_id.toString(), 'created'),
    ]);
    await shelf.listsChanged();
    res.status(201).json({ acknowledged: true, insertedId: _id.toString() } satisfies InsertAnswer);
  });

  return router;
}

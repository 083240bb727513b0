import { IdParams, NewProduct, ProductSearchQuery, takaToPaisa, type InsertAnswer, type Product as ProductAnswer } from '@bazar/contracts';
import { notFound, readModel, requireAdmin, validate, withOutbox, type ReadCache, type NudgeOutbox } from '@bazar/service-kit';
import { Router, type Response } from 'express';
import mongoose from 'mongoose';
import { ANSWER_FIELDS, Product, productChanged, toProductAnswer, type ProductDocument } from '../model/product';

const READ_TTL_SECONDS = 60;

/** Escapes text so it matches literally inside a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The cache holds answers as JSON text, so a hit is sent as it is, without parsing and
 *  serialising the list again. Browsers revalidate every time (express answers 304 to a matching
 *  ETag), so a published product shows on the next load. */
const sendPublicJson = (res: Response, json: string) => res.set('Cache-Control', 'no-cache').type('json').send(json);
const productJson = (answer: ProductAnswer | ProductAnswer[]) => JSON.stringify(answer);

export function productRoutes(cache: ReadCache, nudgeOutbox: NudgeOutbox): Router {
  const router = Router();

  router.get('/products', validate({ query: ProductSearchQuery }), async (req, res) => {
    const search = req.query.search ?? '';
    const json = await cache.read(`products:${search}`, READ_TTL_SECONDS, async () => {
      const pattern = { $regex: literally(search), $options: 'i' };
      const filter = search ? { $or: [{ name: pattern }, { description: pattern }] } : {};
      const found = await readModel(Product).find(filter).select(ANSWER_FIELDS).sort({ createdAt: 1, _id: 1 }).lean<ProductDocument[]>();
      return productJson(found.map(toProductAnswer));
    });
    sendPublicJson(res, json);
  });

  router.get('/product-details/:id', validate({ params: IdParams }), async (req, res) => {
    const json = await cache.read(`product:${req.params.id}`, READ_TTL_SECONDS, async () => {
      const found = await readModel(Product).findById(req.params.id).select(ANSWER_FIELDS).lean<ProductDocument>();
      return found && productJson(toProductAnswer(found));
    });
    if (!json) throw notFound('No such product');
    sendPublicJson(res, json);
  });

  router.post('/addproducts', requireAdmin, validate({ body: NewProduct }), async (req, res) => {
    const { name, price, quantity, description, img } = req.body;
    const _id = new mongoose.Types.ObjectId();
    const announce = withOutbox([productChanged(_id.toString(), 'created')]);
    await Product.create({
      _id,
      name,
      pricePaisa: takaToPaisa(price),
      quantity,
      description,
      img,
      ...announce,
    });
    await cache.clear();
    nudgeOutbox(Product, { _id, ...announce });
    res.status(201).json({ acknowledged: true, insertedId: _id.toString() } satisfies InsertAnswer);
  });

  return router;
}

import { IdParams, NewProduct, ProductSearchQuery, takaToPaisa, type InsertAnswer, type Product as ProductAnswer } from '@bazar/contracts';
import { notFound, requireAdmin, validate, type ReadCache } from '@bazar/service-kit';
import { Router } from 'express';
import { Product, toProductAnswer, type ProductDocument } from '../model/product';

const LIST_TTL_SECONDS = 60;

/** Escapes text so it matches literally inside a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function productRoutes(cache: ReadCache): Router {
  const router = Router();

  router.get('/products', validate({ query: ProductSearchQuery }), async (req, res) => {
    const search = req.query.search ?? '';
    const products = await cache.read(`products:${search}`, LIST_TTL_SECONDS, async () => {
      const pattern = { $regex: literally(search), $options: 'i' };
      const filter = search ? { $or: [{ name: pattern }, { description: pattern }] } : {};
      const found = await Product.find(filter).sort({ createdAt: 1, _id: 1 }).lean<ProductDocument[]>();
      return found.map(toProductAnswer);
    });
    res.json(products satisfies ProductAnswer[]);
  });

  router.get('/product-details/:id', validate({ params: IdParams }), async (req, res) => {
    const product = await cache.read(`product:${req.params.id}`, LIST_TTL_SECONDS, async () => {
      const found = await Product.findById(req.params.id).lean<ProductDocument>();
      return found && toProductAnswer(found);
    });
    if (!product) throw notFound('No such product');
    res.json(product satisfies ProductAnswer);
  });

  router.post('/addproducts', requireAdmin, validate({ body: NewProduct }), async (req, res) => {
    const { name, price, quantity, description, img } = req.body;
    const created = await Product.create({ name, pricePaisa: takaToPaisa(price), quantity, description, img });
    await cache.clear();
    res.status(201).json({ acknowledged: true, insertedId: created._id.toString() } satisfies InsertAnswer);
  });

  return router;
}

import { API, DEFAULT_PAGE_SIZE, MAX_SUGGESTIONS, takaToPaisa, type InsertAnswer, type Product as ProductAnswer } from '@bazar/contracts';
import { endpointRouter, notFound } from '@bazar/service-kit/http';
import type { Announcer } from '@bazar/service-kit/kafka';
import { Router, type Response } from 'express';
import mongoose from 'mongoose';
import { Product, productChanged, toProductAnswer, type AnswerFields } from '../model/product';
import { sendPreparedJson, type PreparedJson } from '../prepared-json';
import type { ProductSearch } from '../search/product-search';
import type { ShelfCache } from '../shelf-cache';
import { findProductIds, shelfQueryKey, type ShelfQuery } from '../shelf-query';

/** The cache holds answers as JSON text, so a hit is sent as it is, without parsing and
 *  serialising the list again; a list or a search page as kept in the process, its bytes and ETag
 *  made once. Browsers revalidate every time (express answers 304 to a matching ETag), so a
 *  published product shows on the next load. */
const sendPublicJson = (res: Response, json: string) => res.set('Cache-Control', 'no-cache').type('json').send(json);
const sendPublicList = (res: Response, answer: PreparedJson) => sendPreparedJson(res.set('Cache-Control', 'no-cache'), answer);

export function productRoutes(shelf: ShelfCache, products: ProductSearch, announcer: Announcer): Router {
  const router = endpointRouter();

  router.implement(API.listProducts, async (req, res) => {
    const { q, search, category, sort, page, pageSize } = req.query;
    const text = q ?? search ?? '';
    if (text) {
      const key = JSON.stringify([products.state, text.toLowerCase(), category ?? null, sort ?? null, page ?? null, pageSize ?? null]);
      return sendPublicList(res, await shelf.found(key, () => products.search(text, { category, sort, page, pageSize })));
    }
    const query: ShelfQuery = { category, sort };
    // a plain call is the spec's whole shelf; asking for a page or its size cuts one page
    const paged = page !== undefined || pageSize !== undefined;
    const size = pageSize ?? DEFAULT_PAGE_SIZE;
    const from = paged ? ((page ?? 1) - 1) * size : 0;
    sendPublicList(res, await shelf.list(shelfQueryKey(query), () => findProductIds(query), from, paged ? from + size : undefined));
  });

  router.implement(API.suggestProducts, async (req, res) => {
    const text = req.query.q;
    const key = JSON.stringify([products.state, text.toLowerCase()]);
    sendPublicJson(res, await shelf.suggestions(key, () => products.suggest(text, MAX_SUGGESTIONS)));
  });

  router.implement(API.productDetails, async (req, res) => {
    const json = await shelf.product(req.params.id);
    if (!json) throw notFound('no-such-product', 'No such product');
    sendPublicJson(res, json);
  });

  router.implement(API.publishProduct, async (req, res) => {
    const { name, price, quantity, description, img, category, name_bn, description_bn } = req.body;
    const _id = new mongoose.Types.ObjectId();
    const product = { _id, name, pricePaisa: takaToPaisa(price), quantity, description, img, category, name_bn, description_bn };
    await announcer.create(Product, product, [productChanged(_id.toString(), 'created')]);
    await products.productChanged(_id.toString());
    await shelf.listsChanged();
    res.status(201).json({ acknowledged: true, insertedId: _id.toString() } satisfies InsertAnswer);
  });

  router.implement(API.editProduct, async (req, res) => {
    const { id } = req.params;
    const { price, ...given } = req.body;
    const fields = Object.entries({ ...given, ...(price !== undefined && { pricePaisa: takaToPaisa(price) }) });
    const $set = Object.fromEntries(fields.filter(([, value]) => value !== undefined));
    // a Bangla name or description sent blank
    const taken = fields.filter(([, value]) => value === undefined).map(([field]) => [field, 1]);
    const edited = await announcer.findOneAndUpdate<AnswerFields>(
      Product,
      { _id: id },
      { $set, ...(taken.length > 0 && { $unset: Object.fromEntries(taken) }), $inc: { revision: 1 } },
      [productChanged(id, 'updated')],
    );
    if (!edited) throw notFound('no-such-product', 'No such product');
    await products.productChanged(id);
    // a new name, price or category may move the product in any list, search or suggestion
    await shelf.listsChanged();
    // after the clear: a stock writer's older answer stored meanwhile is replaced, never the other way
    await shelf.stored(edited);
    res.json(toProductAnswer(edited) satisfies ProductAnswer);
  });

  return router;
}

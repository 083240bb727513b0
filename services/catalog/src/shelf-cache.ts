import type { Revised, ReadCache } from '@bazar/service-kit';
import { Product, ANSWER_FIELDS, toProductAnswer, type AnswerFields, type ProductDocument } from './model/product';
import { readModel } from '@bazar/service-kit';

const TTL_SECONDS = 60;
const productKey = (id: string) => `product:${id}`;
const revised = (product: AnswerFields): Revised => ({ revision: product.revision ?? 0, json: JSON.stringify(toProductAnswer(product)) });

/**
 * The catalog's answers, cached in Redis for every replica. Each product's answer is its own entry,
 * written through by whoever changes its stock, so an order touches only the products it holds;
 * a list (the whole shelf, or a search) is cached as its products' ids, in order, and put together
 * from their entries. A new product changes lists, so publishing one clears the cache.
 */
export class ShelfCache {
  constructor(private readonly cache: ReadCache) {}

  /** The product's answer as JSON, or undefined if there is no such product. */
  async product(id: string): Promise<string | undefined> {
    const found = await this.cache.readRevised([productKey(id)], TTL_SECONDS, async (missing) => {
      const product = await readModel(Product).findById(id).select(ANSWER_FIELDS).lean<ProductDocument>();
      return new Map(product ? [[missing[0]!, revised(product)]] : []);
    });
    return found.get(productKey(id));
  }

  /** A list of products as a JSON array: the ids `findIds` lists (cached under `listKey`), each
   *  product's own answer. */
  async list(listKey: string, findIds: () => Promise<string[]>): Promise<string> {
    const ids = await this.cache.read(`list:${listKey}`, TTL_SECONDS, findIds);
    const answers = await this.cache.readRevised(ids.map(productKey), TTL_SECONDS, async (missing) => {
      const wanted = missing.map((key) => key.slice('product:'.length));
      const products = await readModel(Product)
        .find({ _id: { $in: wanted } })
        .select(ANSWER_FIELDS)
        .lean<ProductDocument[]>();
      return new Map(products.map((product) => [productKey(product._id.toString()), revised(product)]));
    });
    // a product removed since the list was cached is left out
    return `[${ids.flatMap((id) => answers.get(productKey(id)) ?? []).join(',')}]`;
  }

  /** Writes a product's answer through, as its writer just changed it. */
  stored(product: AnswerFields): Promise<void> {
    return this.cache.storeRevised(productKey(product._id.toString()), revised(product), TTL_SECONDS);
  }

  /** Forgets every cached answer: the lists have changed. */
  listsChanged(): Promise<void> {
    return this.cache.clear();
  }
}

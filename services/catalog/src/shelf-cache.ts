import { CLOSE_MATCHES_HEADER, TOTAL_COUNT_HEADER, type ProductSuggestion } from '@bazar/contracts';
import { readByIds, readModel } from '@bazar/service-kit/mongo';
import type { Revised, ReadCache } from '@bazar/service-kit/redis';
import { Product, ANSWER_FIELDS, toProductAnswer, type AnswerFields, type ProductDocument } from './model/product';
import { prepareJson, type PreparedJson } from './prepared-json';
import type { SearchPage } from './search/product-search';

const TTL_SECONDS = 60;
const productKey = (id: string) => `product:${id}`;
const revised = (product: AnswerFields): Revised => ({ revision: product.revision ?? 0, json: JSON.stringify(toProductAnswer(product)) });
/** The answer fields of these products, those gone left out. Asked for by `_id` together,
 *  IDS_A_COMMAND in a read, looked up in the `_id` index: one command for a page's products costs
 *  the database less than one a product, and reads of IDS_A_COMMAND keep a whole shelf from being
 *  one command the local database answers slowly (bench/results.md, 2026-11-30). */
const findAnswerFields = (ids: string[]) => readByIds<ProductDocument>(Product, ids, { fields: ANSWER_FIELDS });

/**
 * The catalog's answers, cached in Redis for every replica. Each product's answer is its own entry,
 * written through by whoever changes its stock, so an order touches only the products it holds;
 * a list (the whole shelf, a category) is cached as its products' ids, in order, and a search's page
 * as its page's ids; either is put together from their products' entries. A new or edited product
 * may change lists (its category, its place by price), so publishing or editing one clears the cache. What a list or a search page puts together is kept in the
 * process while no entry has changed (`ReadCache.assembled`).
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

  /** Lists being loaded by this process, by key: requests that miss the same list at once wait for
   *  one database read (a query of the list's products, sorted) instead of each making one. */
  private readonly loading = new Map<string, Promise<string[]>>();

  /** A list of products as a JSON array, with how many products the whole list holds in its
   *  headers: the ids `findIds` lists (cached under `listKey`), `from` up to `to` of them (all unless
   *  given), each product's own answer. */
  list(listKey: string, findIds: () => Promise<string[]>, from = 0, to?: number): Promise<PreparedJson> {
    return this.cache.assembled(`list:${listKey}:${from}:${to ?? ''}`, async () => {
      const ids = await this.cache.read(`list:${listKey}`, TTL_SECONDS, () => this.loadOnce(listKey, findIds));
      return prepareJson(await this.answers(ids.slice(from, to)), { [TOTAL_COUNT_HEADER]: String(ids.length) });
    });
  }

  /** A page of a search as a JSON array, with how many products the search found and, when none,
   *  close searches in its headers: the page's ids (cached under `searchKey`) as `find` answers them,
   *  each product's own answer. */
  found(searchKey: string, find: () => Promise<SearchPage>): Promise<PreparedJson> {
    return this.cache.assembled(`search:${searchKey}`, async () => {
      const { ids, total, closeMatches } = await this.cache.read(`search:${searchKey}`, TTL_SECONDS, find);
      return prepareJson(await this.answers(ids), {
        [TOTAL_COUNT_HEADER]: String(total),
        ...(closeMatches.length > 0 && { [CLOSE_MATCHES_HEADER]: closeMatches.map(encodeURIComponent).join(',') }),
      });
    });
  }

  /** The search box's suggestions as JSON, cached under `searchKey`. */
  suggestions(searchKey: string, find: () => Promise<ProductSuggestion[]>): Promise<string> {
    return this.cache.read(`suggestions:${searchKey}`, TTL_SECONDS, async () => JSON.stringify(await find()));
  }

  /** A product's reviews as JSON, cached under the stars it shows now (`stars`): a new review, or
   *  one whose stars changed, changes them and so is read afresh; words edited alone show once the
   *  entry has lapsed. A product's reviews are a query of every review, on a page every shopper
   *  opens. */
  reviews(id: string, stars: string, load: () => Promise<string>): Promise<string> {
    return this.cache.read(`reviews:${id}:${stars}`, TTL_SECONDS, load);
  }

  /** The products' answers as a JSON array, in the order of `page`; one no longer sold is left out. */
  async answers(page: string[]): Promise<string> {
    const answers = await this.cache.readRevised(page.map(productKey), TTL_SECONDS, async (missing) => {
      const wanted = missing.map((key) => key.slice('product:'.length));
      const products = await findAnswerFields(wanted);
      return new Map(products.map((product) => [productKey(product._id.toString()), revised(product)]));
    });
    // a product removed since the list was cached is left out
    return `[${page.flatMap((id) => answers.get(productKey(id)) ?? []).join(',')}]`;
  }

  private loadOnce(listKey: string, findIds: () => Promise<string[]>): Promise<string[]> {
    const loading = this.loading.get(listKey);
    if (loading) return loading;
    const load = findIds().finally(() => {
      if (this.loading.get(listKey) === load) this.loading.delete(listKey);
    });
    this.loading.set(listKey, load);
    return load;
  }

  /** Writes a product's answer through, as its writer just changed it. */
  stored(product: AnswerFields): Promise<void> {
    return this.cache.storeRevised(productKey(product._id.toString()), revised(product), TTL_SECONDS);
  }

  /** Forgets every cached answer: the lists have changed. A list being loaded may have been read
   *  before the change, so requests from now on load their own. */
  listsChanged(): Promise<void> {
    this.loading.clear();
    return this.cache.clear();
  }
}

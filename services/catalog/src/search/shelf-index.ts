// The catalog's search as a MiniSearch index in each process: the whole shelf (5,000 products take
// a few megabytes), loaded from the database once the process's product-changed consumer has joined
// (so that every change after the load's read comes as an event), and kept current product by
// product: each product-changed event re-reads the one product it names, and after the catalog's
// cache is cleared, which is what every change made without an event does (the seed, a test removing
// its products), the products added, changed (by their updatedAt) or removed since are re-read.
import { DEFAULT_PAGE_SIZE, paisaToTaka, type ProductSort, type ProductSuggestion } from '@bazar/contracts';
import { readModel, type Logger, type ReadCache } from '@bazar/service-kit';
import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import type mongoose from 'mongoose';
import { Product } from '../model/product';
import type { ProductSearch, SearchPage, SearchRequest } from './product-search';

/** What is searched and shown of a product; the Bangla fields only when the product has them. */
interface ShelvedProduct {
  id: string;
  name: string;
  description: string;
  category?: string;
  name_bn?: string;
  description_bn?: string;
  img: string;
  pricePaisa: number;
  createdAt: number;
  sold: number;
}
type StoredFields = Omit<ShelvedProduct, 'id' | 'description' | 'description_bn'>;
type Found = SearchResult & StoredFields;

const SEARCHED = ['name', 'name_bn', 'category', 'description', 'description_bn'] as const;
const STORED = ['name', 'name_bn', 'img', 'pricePaisa', 'category', 'createdAt', 'sold'] as const;
const READ_FIELDS = 'name name_bn description description_bn category img pricePaisa createdAt updatedAt sold';

type ShelvedDocument = Omit<ShelvedProduct, 'id' | 'createdAt'> & { _id: mongoose.Types.ObjectId; createdAt?: Date; updatedAt?: Date };
/** What tells whether the index holds a product as it is now. */
type Stamp = Pick<ShelvedDocument, '_id' | 'updatedAt'>;
const stampOf = ({ updatedAt }: Pick<Stamp, 'updatedAt'>) => updatedAt?.getTime() ?? 0;
const shelved = ({ _id, createdAt, updatedAt: _stamp, ...product }: ShelvedDocument): ShelvedProduct => ({
  ...product,
  id: _id.toString(),
  createdAt: createdAt?.getTime() ?? 0,
  sold: product.sold ?? 0,
});

/** Case and accents do not count ("Crème" finds "creme"). Only the Latin combining accents are
 *  dropped: Bangla vowel signs are combining marks too, and part of the word. */
const plainTerm = (term: string) =>
  term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** One typo a word (a letter missing, extra or wrong) from four letters on; shorter words would
 *  find too many others ("dal" and "oil"). */
const oneTypo = (term: string) => (term.length >= 4 ? 1 : 0);

const SEARCH: SearchOptions = {
  // a word in the name counts most, then the category, then the description
  boost: { name: 3, name_bn: 3, category: 2 },
  fuzzy: oneTypo,
  // "chick" finds chicken, as a search always has
  prefix: (term) => term.length >= 3,
  combineWith: 'AND',
};
/** As the shopper types, the last word is taken as the start of one. */
const SUGGEST: SearchOptions = { ...SEARCH, prefix: (_term, at, terms) => at === terms.length - 1 };
/** For a search that found nothing: two typos a word from five letters on, and any of its words. */
const LOOSER: SearchOptions = { ...SEARCH, fuzzy: (term) => (term.length >= 5 ? 2 : oneTypo(term)), combineWith: 'OR' };
const CLOSE_MATCHES_AT_MOST = 3;
/** More products than this changed behind the index's back (the seed): the shelf is loaded whole. */
const READ_ONE_BY_ONE_AT_MOST = 200;
/** A consumer that has not joined by then (Kafka away at start): the shelf is loaded without it,
 *  and again when it joins. */
const LOAD_WITHOUT_EVENTS_AFTER_MS = 10_000;

/** Products as relevant as each other in the order they were published (their ids'), whatever
 *  order the index holds them in: a product re-read after a change is held last. */
const byRelevance = (a: Found, b: Found) => b.score - a.score || (a.id < b.id ? -1 : 1);

const ORDERS: Record<ProductSort, (a: Found, b: Found) => number> = {
  'price-asc': (a, b) => a.pricePaisa - b.pricePaisa,
  'price-desc': (a, b) => b.pricePaisa - a.pricePaisa,
  newest: (a, b) => b.createdAt - a.createdAt,
  popular: (a, b) => b.sold - a.sold,
};

function emptyIndex(): MiniSearch<ShelvedProduct> {
  return new MiniSearch<ShelvedProduct>({ fields: [...SEARCHED], storeFields: [...STORED], processTerm: plainTerm, searchOptions: SEARCH });
}

export class ShelfIndex implements ProductSearch {
  private index = emptyIndex();
  /** each indexed product's updatedAt */
  private stamps = new Map<string, number>();
  /** the cache generation the index was last brought in line with the shelf at */
  private currentAt: string | undefined;
  /** products changed while the index is being loaded, applied again to the new one */
  private changedWhileLoading: Set<string> | undefined;
  private loadWanted = false;
  private readonly startedAt = Date.now();
  /** loads and catch-ups, one at a time */
  private work: Promise<void> = Promise.resolve();
  private readonly loaded: Promise<void>;
  private markLoaded!: () => void;

  constructor(
    private readonly cache: ReadCache,
    private readonly log: Logger,
  ) {
    this.loaded = new Promise((resolve) => (this.markLoaded = resolve));
  }

  get state(): string {
    return this.currentAt ?? 'unloaded';
  }

  /** The product-changed consumer has (re)joined: every change from now on comes as an event, so
   *  the shelf read now is the one to start from. */
  joined(): Promise<void> {
    this.loadWanted = true;
    return this.oneAtATime(() => (this.loadWanted ? this.load() : Promise.resolve()));
  }

  /** Every second: a load wanted but failed is tried again, and once loaded, the products changed
   *  without an event are re-read after the catalog's cache was cleared. */
  catchUp(): Promise<void> {
    return this.oneAtATime(async () => {
      const waitedTooLong = this.currentAt === undefined && Date.now() - this.startedAt > LOAD_WITHOUT_EVENTS_AFTER_MS;
      if (this.loadWanted || waitedTooLong) return this.load();
      if (this.currentAt === undefined) return;
      const generation = await this.cache.generation();
      if (generation !== undefined && generation !== this.currentAt) await this.readChangesSince(generation);
    });
  }

  async productChanged(productId: string): Promise<void> {
    this.changedWhileLoading?.add(productId);
    const product = await readModel(Product).findById(productId).select(READ_FIELDS).lean<ShelvedDocument>();
    if (this.index.has(productId)) this.index.discard(productId);
    this.stamps.delete(productId);
    if (!product) return;
    this.index.add(shelved(product));
    this.stamps.set(productId, stampOf(product));
  }

  private oneAtATime(task: () => Promise<void>): Promise<void> {
    const done = this.work.then(task);
    this.work = done.catch(() => undefined);
    return done;
  }

  /** Loads the whole shelf into a new index, which then takes the old one's place. */
  private async load(): Promise<void> {
    this.loadWanted = false;
    const generation = (await this.cache.generation()) ?? 'unknown';
    this.changedWhileLoading = new Set();
    try {
      const products = await readModel(Product).find().select(READ_FIELDS).lean<ShelvedDocument[]>();
      const index = emptyIndex();
      // in chunks, so that requests are answered meanwhile
      await index.addAllAsync(products.map(shelved), { chunkSize: 500 });
      const changed = this.changedWhileLoading;
      this.index = index;
      this.stamps = new Map(products.map((product) => [product._id.toString(), stampOf(product)]));
      this.currentAt = generation;
      this.changedWhileLoading = undefined;
      for (const productId of changed) await this.productChanged(productId);
      this.markLoaded();
      this.log.info({ products: products.length, generation }, 'search index loaded');
    } catch (err) {
      this.loadWanted = true;
      throw err;
    } finally {
      this.changedWhileLoading = undefined;
    }
  }

  /** Re-reads the products added, changed or removed without an event: those whose updatedAt is not
   *  the one indexed, and those no longer on the shelf. */
  private async readChangesSince(generation: string): Promise<void> {
    const shelf = await readModel(Product).find().select('updatedAt').lean<Stamp[]>();
    const onShelf = new Set<string>();
    const changed: string[] = [];
    for (const product of shelf) {
      const productId = product._id.toString();
      onShelf.add(productId);
      if (this.stamps.get(productId) !== stampOf(product)) changed.push(productId);
    }
    for (const productId of this.stamps.keys()) if (!onShelf.has(productId)) changed.push(productId);
    if (changed.length > READ_ONE_BY_ONE_AT_MOST) return this.load();
    for (const productId of changed) await this.productChanged(productId);
    this.currentAt = generation;
    if (changed.length > 0) this.log.info({ products: changed.length, generation }, 'search index caught up with changes without events');
  }

  async search(text: string, { category, sort, page, pageSize }: SearchRequest): Promise<SearchPage> {
    await this.loaded;
    const filter = category === undefined ? undefined : (result: SearchResult) => result.category === category;
    const found = this.index.search(text, { filter }) as Found[];
    found.sort(sort ? (a, b) => ORDERS[sort](a, b) || (a.id < b.id ? -1 : 1) : byRelevance);
    const ids = found.map((result) => result.id as string);
    const paged = page !== undefined || pageSize !== undefined;
    const size = pageSize ?? DEFAULT_PAGE_SIZE;
    const from = paged ? ((page ?? 1) - 1) * size : 0;
    return {
      ids: paged ? ids.slice(from, from + size) : ids,
      total: ids.length,
      closeMatches: ids.length === 0 ? this.closeMatches(text, filter) : [],
    };
  }

  private closeMatches(text: string, filter: SearchOptions['filter']): string[] {
    return this.index
      .autoSuggest(text, { ...LOOSER, filter })
      .slice(0, CLOSE_MATCHES_AT_MOST)
      .map((match) => match.suggestion);
  }

  async suggest(text: string, limit: number): Promise<ProductSuggestion[]> {
    await this.loaded;
    const found = (this.index.search(text, SUGGEST) as Found[]).sort(byRelevance).slice(0, limit);
    return found.map(({ id, name, name_bn, img, pricePaisa }) => ({
      _id: id as string,
      name,
      ...(name_bn && { name_bn }),
      img,
      price: paisaToTaka(pricePaisa),
    }));
  }
}

// The catalog's search as a MiniSearch index in each process: the whole shelf (5,000 products take
// a few megabytes), loaded from the database once the process's product-changed consumer has joined
// (so that every change after the load's read comes as an event), and kept current product by
// product: each product-changed event re-reads the one product it names, and after the catalog's
// cache is cleared, which is what every change made without an event does (the seed, a test removing
// its products), the products added, changed (by their updatedAt) or removed since are re-read.
//
// The index holds only the searched words; what a page shows and sorts by is kept beside it, with
// the text each product was indexed with. A change that leaves that text as it was (a sale, a
// price, the event of a change this process has already applied) does not touch the index, and one
// that does takes the old text out exactly (MiniSearch's `remove`), so that the relevance of every
// other product stays what a fresh load would give: `discard` left the old words counted until
// they were next searched, and a search page reordered for a moment after every change.
import { DEFAULT_PAGE_SIZE, paisaToTaka, type ProductSort, type ProductSuggestion } from '@bazar/contracts';
import type { Logger } from '@bazar/service-kit';
import { readModel } from '@bazar/service-kit/mongo';
import type { ReadCache } from '@bazar/service-kit/redis';
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
interface Found {
  score: number;
  product: Shelved;
}

const SEARCHED = ['name', 'name_bn', 'category', 'description', 'description_bn'] as const;
const READ_FIELDS = 'name name_bn description description_bn category img pricePaisa createdAt updatedAt sold';

type ShelvedDocument = Omit<ShelvedProduct, 'id' | 'createdAt'> & { _id: mongoose.Types.ObjectId; createdAt?: Date; updatedAt?: Date };
/** What tells whether the index holds a product as it is now. */
type Stamp = Pick<ShelvedDocument, '_id' | 'updatedAt'>;
const stampOf = ({ updatedAt }: Pick<Stamp, 'updatedAt'>) => updatedAt?.getTime() ?? 0;
/** A product as the index holds it, with its updatedAt. */
type Shelved = ShelvedProduct & { stamp: number };
const shelved = ({ _id, createdAt, updatedAt, ...product }: ShelvedDocument): Shelved => ({
  ...product,
  id: _id.toString(),
  createdAt: createdAt?.getTime() ?? 0,
  sold: product.sold ?? 0,
  stamp: stampOf({ updatedAt }),
});
const sameText = (a: ShelvedProduct, b: ShelvedProduct) => SEARCHED.every((field) => a[field] === b[field]);

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
const byId = (a: Found, b: Found) => (a.product.id < b.product.id ? -1 : 1);
const byRelevance = (a: Found, b: Found) => b.score - a.score || byId(a, b);

const ORDERS: Record<ProductSort, (a: ShelvedProduct, b: ShelvedProduct) => number> = {
  'price-asc': (a, b) => a.pricePaisa - b.pricePaisa,
  'price-desc': (a, b) => b.pricePaisa - a.pricePaisa,
  newest: (a, b) => b.createdAt - a.createdAt,
  popular: (a, b) => b.sold - a.sold,
};

/** The index and the products it holds, replaced together by a load. */
class Shelf {
  readonly index = new MiniSearch<ShelvedProduct>({ fields: [...SEARCHED], processTerm: plainTerm, searchOptions: SEARCH });
  readonly products = new Map<string, Shelved>();

  /** Puts a product as read in the index, or takes it out when it is gone; a read older than
   *  the one held (two re-reads of one product crossing) changes nothing. */
  put(productId: string, product: Shelved | undefined): void {
    const held = this.products.get(productId);
    if (held && product && product.stamp < held.stamp) return;
    if (product) this.products.set(productId, product);
    else this.products.delete(productId);
    if (held && product && sameText(held, product)) return;
    if (held) this.index.remove(held);
    if (product) this.index.add(product);
  }

  /**
   * Typos are forgiven only for a word that finds nothing as typed (whole, or as the start of a
   * word): a shopper who types "rice" means rice, and one typo away from it are "ripe" and "rich",
   * whose mangoes and chocolate added to the rice (or ranked after it, still counted and paged)
   * read as a search that did not understand. A word the shelf does not have ("ricee", "chiken")
   * is a misspelling, and finds what it is one typo from. Each word is judged within the same
   * filter, so a category without rice may still offer what "rice" is one typo from.
   */
  find(text: string, options: SearchOptions = {}): Found[] {
    const asTyped = new Set<string>();
    for (const { queryTerms } of this.index.search(text, { ...options, fuzzy: false, combineWith: 'OR' }))
      for (const term of queryTerms) asTyped.add(term);
    const fuzzy = options.fuzzy ?? oneTypo;
    const typosForgiven: SearchOptions['fuzzy'] = (term, at, terms) =>
      asTyped.has(term) ? false : typeof fuzzy === 'function' ? fuzzy(term, at, terms) : fuzzy;
    return this.index.search(text, { ...options, fuzzy: typosForgiven }).flatMap(({ id, score }: SearchResult) => {
      const product = this.products.get(id as string);
      return product ? [{ score, product }] : [];
    });
  }

  inCategory(category: string | undefined): SearchOptions['filter'] {
    return category === undefined ? undefined : ({ id }) => this.products.get(id as string)?.category === category;
  }
}

export class ShelfIndex implements ProductSearch {
  private shelf = new Shelf();
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
    this.shelf.put(productId, product ? shelved(product) : undefined);
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
      const products = (await readModel(Product).find().select(READ_FIELDS).lean<ShelvedDocument[]>()).map(shelved);
      const shelf = new Shelf();
      for (const product of products) shelf.products.set(product.id, product);
      // in chunks, so that requests are answered meanwhile
      await shelf.index.addAllAsync(products, { chunkSize: 500 });
      const changed = this.changedWhileLoading;
      this.shelf = shelf;
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
      if (this.shelf.products.get(productId)?.stamp !== stampOf(product)) changed.push(productId);
    }
    for (const productId of this.shelf.products.keys()) if (!onShelf.has(productId)) changed.push(productId);
    if (changed.length > READ_ONE_BY_ONE_AT_MOST) return this.load();
    for (const productId of changed) await this.productChanged(productId);
    this.currentAt = generation;
    if (changed.length > 0) this.log.info({ products: changed.length, generation }, 'search index caught up with changes without events');
  }

  async search(text: string, { category, sort, page, pageSize }: SearchRequest): Promise<SearchPage> {
    await this.loaded;
    const filter = this.shelf.inCategory(category);
    const found = this.shelf.find(text, { filter });
    found.sort(sort ? (a, b) => ORDERS[sort](a.product, b.product) || byId(a, b) : byRelevance);
    const ids = found.map(({ product }) => product.id);
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
    return this.shelf.index
      .autoSuggest(text, { ...LOOSER, filter })
      .slice(0, CLOSE_MATCHES_AT_MOST)
      .map((match) => match.suggestion);
  }

  async suggest(text: string, limit: number): Promise<ProductSuggestion[]> {
    await this.loaded;
    const found = this.shelf.find(text, SUGGEST).sort(byRelevance).slice(0, limit);
    return found.map(({ product: { id, name, name_bn, img, pricePaisa } }) => ({
      _id: id,
      name,
      ...(name_bn && { name_bn }),
      img,
      price: paisaToTaka(pricePaisa),
    }));
  }
}

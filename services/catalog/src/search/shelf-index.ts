// The catalog's search as a MiniSearch index in each process: the whole shelf (5,000 products take
// a few megabytes), loaded from the database at start, kept current by product-changed events (every
// replica hears them) and loaded again whenever the catalog's cache is cleared, which is what every
// change made without an event does (the seed, a test removing its products).
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
const READ_FIELDS = 'name name_bn description description_bn category img pricePaisa createdAt sold';

type ShelvedDocument = Omit<ShelvedProduct, 'id' | 'createdAt'> & { _id: mongoose.Types.ObjectId; createdAt?: Date };
const shelved = ({ _id, createdAt, ...product }: ShelvedDocument): ShelvedProduct => ({
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
  /** the cache generation the index was last loaded at */
  private loadedAt: string | undefined;
  /** products changed while the index is being loaded, applied again to the new one */
  private changedWhileLoading: Set<string> | undefined;

  constructor(
    private readonly cache: ReadCache,
    private readonly log: Logger,
  ) {}

  get state(): string {
    return this.loadedAt ?? 'unloaded';
  }

  /** Loads the whole shelf into a new index, which then takes the old one's place. */
  async load(): Promise<void> {
    const generation = await this.cache.generation();
    this.changedWhileLoading = new Set();
    try {
      const products = await readModel(Product).find().select(READ_FIELDS).lean<ShelvedDocument[]>();
      const index = emptyIndex();
      // in chunks, so that requests are answered meanwhile
      await index.addAllAsync(products.map(shelved), { chunkSize: 500 });
      const changed = this.changedWhileLoading;
      this.index = index;
      this.loadedAt = generation;
      this.changedWhileLoading = undefined;
      for (const productId of changed) await this.productChanged(productId);
      this.log.info({ products: products.length, generation }, 'search index loaded');
    } finally {
      this.changedWhileLoading = undefined;
    }
  }

  /** Loads the shelf again if the catalog's cache was cleared since the last load. */
  async loadIfChanged(): Promise<void> {
    const generation = await this.cache.generation();
    if (generation !== undefined && generation !== this.loadedAt) await this.load();
  }

  async productChanged(productId: string): Promise<void> {
    this.changedWhileLoading?.add(productId);
    const product = await readModel(Product).findById(productId).select(READ_FIELDS).lean<ShelvedDocument>();
    if (this.index.has(productId)) this.index.discard(productId);
    if (product) this.index.add(shelved(product));
  }

  search(text: string, { category, sort, page, pageSize }: SearchRequest): Promise<SearchPage> {
    const filter = category === undefined ? undefined : (result: SearchResult) => result.category === category;
    const found = this.index.search(text, { filter }) as Found[];
    if (sort) found.sort((a, b) => ORDERS[sort](a, b) || (a.id < b.id ? -1 : 1));
    const ids = found.map((result) => result.id as string);
    const paged = page !== undefined || pageSize !== undefined;
    const size = pageSize ?? DEFAULT_PAGE_SIZE;
    const from = paged ? ((page ?? 1) - 1) * size : 0;
    return Promise.resolve({
      ids: paged ? ids.slice(from, from + size) : ids,
      total: ids.length,
      closeMatches: ids.length === 0 ? this.closeMatches(text, filter) : [],
    });
  }

  private closeMatches(text: string, filter: SearchOptions['filter']): string[] {
    return this.index
      .autoSuggest(text, { ...LOOSER, filter })
      .slice(0, CLOSE_MATCHES_AT_MOST)
      .map((match) => match.suggestion);
  }

  suggest(text: string, limit: number): Promise<ProductSuggestion[]> {
    const found = this.index.search(text, SUGGEST).slice(0, limit) as Found[];
    return Promise.resolve(
      found.map(({ id, name, name_bn, img, pricePaisa }) => ({
        _id: id as string,
        name,
        ...(name_bn && { name_bn }),
        img,
        price: paisaToTaka(pricePaisa),
      })),
    );
  }
}

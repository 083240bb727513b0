// The catalog's text search, behind one interface: today an index in each process (shelf-index.ts);
// a search engine (Meilisearch, OpenSearch) would be another implementation of it, and nothing
// else in the catalog would change. See the README's "Search" for when that is due.
import type { ProductSort, ProductSuggestion } from '@bazar/contracts';

export interface SearchRequest {
  /** only the products of this category */
  category?: string;
  /** without it, the most relevant first */
  sort?: ProductSort;
  /** a page of the products found; every one unless `page` or `pageSize` is given */
  page?: number;
  pageSize?: number;
}

export interface SearchPage {
  /** the page's products, in order */
  ids: string[];
  /** how many products the search found in all */
  total: number;
  /** when it found nothing: searches close to it that would find something, best first */
  closeMatches: string[];
}

export interface ProductSearch {
  /** Names what the answers are made from: answers cached under another state are not this
   *  search's (an index that has not caught up with a change must not share a fresher one's). */
  readonly state: string;
  /** Products whose name, description, category or Bangla name and description hold the words,
   *  whatever their case and accents, with one typo a word where the word finds nothing as typed. */
  search(text: string, request: SearchRequest): Promise<SearchPage>;
  /** Up to `limit` products for the search box as the shopper types: the last word may be
   *  unfinished. */
  suggest(text: string, limit: number): Promise<ProductSuggestion[]>;
  /** A product was published, changed or removed. */
  productChanged(productId: string): Promise<void>;
  /** This process hears every product-changed event from now on (its consumer has joined). */
  joined(): Promise<void>;
}

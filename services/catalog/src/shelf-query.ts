// Which products a list request asks for, and in what order: the one place a search index (a
// ranked text search) replaces when it comes; the rest of the catalog sees only ordered ids.
import type { ProductSort } from '@bazar/contracts';
import { readModel } from '@bazar/service-kit';
import type { FilterQuery, SortOrder } from 'mongoose';
import type mongoose from 'mongoose';
import { Product, type ProductDocument } from './model/product';

export interface ShelfQuery {
  /** words the name or description holds, matched case-insensitively as plain text */
  text: string;
  category?: string;
  sort?: ProductSort;
}

/** Escapes text so it matches literally inside a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ORDERS: Record<ProductSort | 'shelf', Record<string, SortOrder>> = {
  shelf: { createdAt: 1, _id: 1 },
  'price-asc': { pricePaisa: 1, _id: 1 },
  'price-desc': { pricePaisa: -1, _id: 1 },
  newest: { createdAt: -1, _id: -1 },
  popular: { sold: -1, _id: 1 },
};

/** The key a query's list is cached under: one per distinct query. */
export const shelfQueryKey = ({ text, category, sort }: ShelfQuery): string => JSON.stringify([text, category ?? null, sort ?? 'shelf']);

/** The ids of every product the query matches, in its order. */
export async function findProductIds({ text, category, sort }: ShelfQuery): Promise<string[]> {
  const filter: FilterQuery<ProductDocument> = {};
  if (category) filter.category = category;
  if (text) {
    const pattern = { $regex: literally(text), $options: 'i' };
    filter.$or = [{ name: pattern }, { description: pattern }];
  }
  const found = await readModel(Product)
    .find(filter)
    .select('_id')
    .sort(ORDERS[sort ?? 'shelf'])
    .lean<{ _id: mongoose.Types.ObjectId }[]>();
  return found.map((product) => product._id.toString());
}

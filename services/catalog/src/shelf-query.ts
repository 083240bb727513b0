// Which products a list that is not a search asks for (the whole shelf or a category), and in what
// order; a search is the search index's (search/). The rest of the catalog sees only ordered ids.
import type { ProductSort } from '@bazar/contracts';
import { readModel } from '@bazar/service-kit/mongo';
import type { QueryFilter, SortOrder } from 'mongoose';
import type mongoose from 'mongoose';
import { Product, type ProductDocument } from './model/product';

export interface ShelfQuery {
  category?: string;
  sort?: ProductSort;
}

const ORDERS: Record<ProductSort | 'shelf', Record<string, SortOrder>> = {
  shelf: { createdAt: 1, _id: 1 },
  'price-asc': { pricePaisa: 1, _id: 1 },
  'price-desc': { pricePaisa: -1, _id: 1 },
  newest: { createdAt: -1, _id: -1 },
  popular: { sold: -1, _id: 1 },
};

/** The key a query's list is cached under: one per distinct query. */
export const shelfQueryKey = ({ category, sort }: ShelfQuery): string => JSON.stringify([category ?? null, sort ?? 'shelf']);

/** The ids of every product the query matches, in its order. */
export async function findProductIds({ category, sort }: ShelfQuery): Promise<string[]> {
  const filter: QueryFilter<ProductDocument> = {};
  if (category) filter.category = category;
  const found = await readModel(Product)
    .find(filter)
    .select('_id')
    .sort(ORDERS[sort ?? 'shelf'])
    .lean<{ _id: mongoose.Types.ObjectId }[]>();
  return found.map((product) => product._id.toString());
}

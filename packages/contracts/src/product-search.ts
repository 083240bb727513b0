import { z } from 'zod';
import { ObjectIdString } from './common';

/** At most this many products are suggested under the search box. */
export const MAX_SUGGESTIONS = 8;

/** `GET /products/suggestions`: what the shopper has typed so far (the last word may be unfinished). */
export const ProductSuggestionsQuery = z.strictObject({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q must not be empty').max(100, 'q must be at most 100 characters'),
});
export type ProductSuggestionsQuery = z.infer<typeof ProductSuggestionsQuery>;

/** One product under the search box: enough to show it and open it. */
export const ProductSuggestion = z.object({
  _id: ObjectIdString,
  name: z.string(),
  /** the Bangla name, when the product has one */
  name_bn: z.string().optional(),
  img: z.string(),
  /** taka */
  price: z.number(),
});
export type ProductSuggestion = z.infer<typeof ProductSuggestion>;
export const ProductSuggestionList = z.array(ProductSuggestion).max(MAX_SUGGESTIONS);

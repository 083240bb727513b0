// A product's numbers as the catalog takes them, without zod: the dashboard's forms word the
// catalog's refusals of them, and a page's code must not bring zod along for a few words.

export const MAX_PRICE_TAKA = 1_000_000;
export const MAX_STOCK = 100_000;

/** The catalog's words refusing a product's price or quantity, which a page in another language
 *  words its own way (the dashboard's product forms). */
export const PRODUCT_NUMBER_REFUSALS = {
  priceNotANumber: 'price must be a number',
  priceNotPositive: 'price must be more than 0',
  priceTooHigh: `price must be at most ${MAX_PRICE_TAKA} taka`,
  priceTooPrecise: 'price must not have more than 2 decimals',
  quantityNotANumber: 'quantity must be a number',
  quantityNotWhole: 'quantity must be a whole number',
  quantityOutOfRange: `quantity must be between 0 and ${MAX_STOCK}`,
} as const;

import { z } from 'zod';
import { ObjectIdString, Text } from './common';

export const MAX_PRICE_TAKA = 1_000_000;
export const MAX_STOCK = 100_000;

export const Product = z.object({
  _id: ObjectIdString,
  name: z.string(),
  /** taka */
  price: z.number(),
  img: z.string(),
  quantity: z.number().int(),
  description: z.string(),
});
export type Product = z.infer<typeof Product>;
export const ProductList = z.array(Product);

export const ProductSearchQuery = z.strictObject({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type ProductSearchQuery = z.infer<typeof ProductSearchQuery>;

/** The dashboard sends numbers as text: accept either, refuse anything that is not a plain number. */
const numberFromText = (field: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, `${field} must be a number`)
        .transform(Number),
    ],
    {
      error: `${field} must be a number`,
    },
  );

export const NewProduct = z.object({
  name: Text(120),
  price: numberFromText('price')
    .refine((taka) => taka > 0, 'price must be more than 0')
    .refine((taka) => taka <= MAX_PRICE_TAKA, `price must be at most ${MAX_PRICE_TAKA} taka`)
    .refine((taka) => Math.abs(taka * 100 - Math.round(taka * 100)) < 1e-6, 'price must not have more than 2 decimals'),
  quantity: numberFromText('quantity')
    .refine(Number.isInteger, 'quantity must be a whole number')
    .refine((n) => n >= 0 && n <= MAX_STOCK, `quantity must be between 0 and ${MAX_STOCK}`),
  description: Text(1000),
  img: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/media\/[\w.-]+$/)], { error: 'img must be an image URL' }),
});
export type NewProduct = z.infer<typeof NewProduct>;

export const Offer = z.object({ _id: ObjectIdString, offerTitle: z.string(), offerDetails: z.string() });
export type Offer = z.infer<typeof Offer>;
export const OfferList = z.array(Offer);

export const NewOffer = z.object({ offerTitle: Text(120), offerDetails: Text(1000) });
export type NewOffer = z.infer<typeof NewOffer>;

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

/** The dashboard sends numbers as text: accept either, refuse anything that is not a plain number.
 *  Text is held to the rules of `number` too; the OpenAPI document shows them on the number. */
const numberFromText = (field: string, number: z.ZodNumber) =>
  z
    .union(
      [
        number,
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/, `${field} must be a number`)
          .transform(Number)
          .pipe(number),
      ],
      { error: `${field} must be a number` },
    )
    .meta({ description: 'A number, or the same number as text' });

export const NewProduct = z.strictObject({
  name: Text(120),
  price: numberFromText(
    'price',
    z
      .number()
      .gt(0, 'price must be more than 0')
      .max(MAX_PRICE_TAKA, `price must be at most ${MAX_PRICE_TAKA} taka`)
      .multipleOf(0.01, 'price must not have more than 2 decimals'),
  ),
  quantity: numberFromText(
    'quantity',
    z
      .number()
      // not .int(): it refuses a fraction as a wrong type, and the union would answer for it
      .multipleOf(1, 'quantity must be a whole number')
      // multipleOf forgives float error, which a count may not have
      .refine(Number.isInteger, { error: 'quantity must be a whole number', when: (payload) => payload.issues.length === 0 })
      .min(0, `quantity must be between 0 and ${MAX_STOCK}`)
      .max(MAX_STOCK, `quantity must be between 0 and ${MAX_STOCK}`),
  ),
  description: Text(1000),
  img: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/media\/[\w.-]+$/)], { error: 'img must be an image URL' }),
});
export type NewProduct = z.infer<typeof NewProduct>;

export const Offer = z.object({ _id: ObjectIdString, offerTitle: z.string(), offerDetails: z.string() });
export type Offer = z.infer<typeof Offer>;
export const OfferList = z.array(Offer);

export const NewOffer = z.strictObject({ offerTitle: Text(120), offerDetails: Text(1000) });
export type NewOffer = z.infer<typeof NewOffer>;

import { z } from 'zod';
import { ObjectIdString, Text } from './common';
import { westernDigits } from './typed-digits';
import { MAX_PAGE_SIZE, PRODUCT_SORTS } from './product-list';
import { MAX_PRICE_TAKA, MAX_STOCK, PRODUCT_NUMBER_REFUSALS } from './product-limits';
import { ProductRating } from './product-reviews';

export const Product = z.object({
  _id: ObjectIdString,
  name: z.string(),
  /** taka */
  price: z.number(),
  img: z.string(),
  quantity: z.number().int(),
  description: z.string(),
  /** the shelf it is on, e.g. 'Rice'; products published without one have none */
  category: z.string().optional(),
  /** the name and description in Bangla, shown in place of the English ones in Bangla; absent when
   *  the product has none */
  name_bn: z.string().optional(),
  description_bn: z.string().optional(),
  /** its stars from the reviews of shoppers who received it; absent until it has one */
  rating: ProductRating.optional(),
});
export type Product = z.infer<typeof Product>;
export const ProductList = z.array(Product);

/** POST /internal/products/lookup of the catalog (never routed by the gateway): the products still
 *  sold among `ids`, as a ProductList in the order asked (one no longer sold is left out), so that
 *  an order's lines are priced in one call however many there are. Placing an order is priced by the
 *  hold's own answer (StockReservationAnswer); this prices one settled without it. */
export const ProductLookup = z.strictObject({ ids: z.array(ObjectIdString).min(1).max(500) });
export type ProductLookup = z.infer<typeof ProductLookup>;

const searchText = (field: string) => z.string().trim().max(100, `${field} must be at most 100 characters`).optional();
const wholeNumber = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`)
    .optional();

/** `GET /products`: a plain call lists the whole shelf (the spec); `q` (or `search`, its older
 *  name), `category` and `sort` narrow and order it, and `page` or `pageSize` cut one page of it. */
export const ProductListQuery = z
  .strictObject({
    q: searchText('q'),
    search: searchText('search'),
    category: z.string().trim().min(1, 'category must not be empty').max(60, 'category must be at most 60 characters').optional(),
    sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    page: wholeNumber('page', 1, 10_000),
    pageSize: wholeNumber('pageSize', 1, MAX_PAGE_SIZE),
  })
  .refine((query) => query.q === undefined || query.search === undefined, {
    error: 'q and search are the same: give one of them',
    path: ['q'],
  });
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** The dashboard sends numbers as text: accept either, refuse anything that is not a plain number.
 *  Text is held to the rules of `number` too; the OpenAPI document shows them on the number. */
const refused = PRODUCT_NUMBER_REFUSALS;

const numberFromText = (notANumber: string, number: z.ZodNumber) =>
  z
    .union(
      [
        number,
        z
          .string()
          .trim()
          .overwrite(westernDigits)
          .regex(/^\d+(\.\d+)?$/, notANumber)
          .transform(Number)
          .pipe(number),
      ],
      { error: notANumber },
    )
    .meta({ description: 'A number, or the same number as text (in digits 0-9 or Bangla ০-৯)' });

/** Text a person may leave out: trimmed and bounded like `Text`; left blank, it is none. */
const OptionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((text) => text || undefined)
    .optional();

export const NewProduct = z.strictObject({
  name: Text(120),
  price: numberFromText(
    refused.priceNotANumber,
    z.number().gt(0, refused.priceNotPositive).max(MAX_PRICE_TAKA, refused.priceTooHigh).multipleOf(0.01, refused.priceTooPrecise),
  ),
  quantity: numberFromText(
    refused.quantityNotANumber,
    z
      .number()
      // not .int(): it refuses a fraction as a wrong type, and the union would answer for it
      .multipleOf(1, refused.quantityNotWhole)
      // multipleOf forgives float error, which a count may not have
      .refine(Number.isInteger, { error: refused.quantityNotWhole, when: (payload) => payload.issues.length === 0 })
      .min(0, refused.quantityOutOfRange)
      .max(MAX_STOCK, refused.quantityOutOfRange),
  ),
  description: Text(1000),
  img: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/media\/[\w.-]+$/)], { error: 'img must be an image URL' }),
  category: Text(60).optional(),
  name_bn: OptionalText(120),
  description_bn: OptionalText(1000),
});
export type NewProduct = z.infer<typeof NewProduct>;

/** `PATCH /products/{id}`: the fields to change, each held to its rule of publishing; a Bangla name
 *  or description given blank is taken away (it is there, undefined, in what this parses to). */
export const ProductEdit = NewProduct.partial().refine((edit) => Object.keys(edit).length > 0, {
  error: 'Give at least one field to change',
});
export type ProductEdit = z.infer<typeof ProductEdit>;

export const Offer = z.object({
  _id: ObjectIdString,
  offerTitle: z.string(),
  /** the title in Bangla, which the offers bell shows on a Bangla page; absent when the offer has none */
  offerTitle_bn: z.string().optional(),
  offerDetails: z.string(),
  /** the details in Bangla, which the offers bell shows on a Bangla page; absent when the offer has none */
  offerDetails_bn: z.string().optional(),
});
export type Offer = z.infer<typeof Offer>;
export const OfferList = z.array(Offer);

export const NewOffer = z.strictObject({
  offerTitle: Text(120),
  offerTitle_bn: OptionalText(120),
  offerDetails: Text(1000),
  offerDetails_bn: OptionalText(1000),
});
export type NewOffer = z.infer<typeof NewOffer>;

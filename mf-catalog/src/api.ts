import { declaredQuery, storefrontApi } from '@bazar/web-kit/api';
import { CLOSE_MATCHES_HEADER, TOTAL_COUNT_HEADER, type Product } from '@bazar/contracts';

/** One page of a product list, and how many products the whole list holds. */
export interface ProductPage {
  products: Product[];
  total: number;
  /** when a search found nothing, searches close to it that would find something, best first */
  closeMatches: string[];
}

export const catalogApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: declaredQuery(build, 'listProducts', {
      transformResponse: (products, meta): ProductPage => ({
        products,
        total: Number(meta?.response?.headers.get(TOTAL_COUNT_HEADER) ?? products.length),
        closeMatches: (meta?.response?.headers.get(CLOSE_MATCHES_HEADER) ?? '').split(',').filter(Boolean).map(decodeURIComponent),
      }),
      providesTags: ['Product'],
    }),
    getProductDetails: declaredQuery(build, 'productDetails', { providesTags: (_product, _error, id) => [{ type: 'Product', id }] }),
    getProductReviews: declaredQuery(build, 'productReviews', { providesTags: (_reviews, _error, id) => [{ type: 'Review', id }] }),
  }),
  overrideExisting: 'throw',
});

export const { useGetProductsQuery, useGetProductDetailsQuery, useGetProductReviewsQuery } = catalogApi;

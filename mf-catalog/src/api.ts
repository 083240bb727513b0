import { storefrontApi } from '@bazar/web-kit/api';
import type { AddToCart, Product } from '@bazar/contracts';

export const catalogApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Product[], string | void>({
      query: (search) => ({ url: '/products', params: search ? { search } : undefined }),
      providesTags: ['Product'],
    }),
    getProductDetails: build.query<Product, string>({
      query: (id) => `/product-details/${encodeURIComponent(id)}`,
      providesTags: (_product, _error, id) => [{ type: 'Product', id }],
    }),
    addToCart: build.mutation<unknown, Pick<AddToCart, 'productId' | 'cartQuantity'>>({
      query: (line) => ({ url: '/addtocart', method: 'POST', body: line }),
      invalidatesTags: ['Cart'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetProductsQuery, useGetProductDetailsQuery, useAddToCartMutation } = catalogApi;

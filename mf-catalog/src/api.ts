import { storefrontApi } from '@bazar/web-kit/api';
import type { Product } from '@bazar/contracts';

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
  }),
  overrideExisting: 'throw',
});

export const { useGetProductsQuery, useGetProductDetailsQuery } = catalogApi;

import { storefrontApi } from '@bazar/web-kit/api';
import { productListPath, TOTAL_COUNT_HEADER, type Product, type ProductListRequest } from '@bazar/contracts';

/** One page of a product list, and how many products the whole list holds. */
export interface ProductPage {
  products: Product[];
  total: number;
}

export const catalogApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductPage, ProductListRequest>({
      query: productListPath,
      transformResponse: (products: Product[], meta) => ({
        products,
        total: Number(meta?.response?.headers.get(TOTAL_COUNT_HEADER) ?? products.length),
      }),
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

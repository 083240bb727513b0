import type { Shopper } from '@bazar/web-kit';
import { storefrontApi } from '@bazar/web-kit/api';
import type { ProductSuggestion, ShopLanguage, SyncUser, SyncUserAnswer } from '@bazar/contracts';

/** Calls only the shell makes. */
export const shellApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** Records the signed-in account with the user service, once per sign-in, and the language
     *  the shopper chose, when they choose. */
    syncUser: build.mutation<SyncUserAnswer, Shopper & { language?: ShopLanguage }>({
      query: ({ email, name, language }) => ({
        url: `/users/${encodeURIComponent(email)}`,
        method: 'PUT',
        body: { email, name, language } satisfies SyncUser,
      }),
      invalidatesTags: ['User'],
    }),
    /** At most 8 products for what the shopper has typed in the search box so far. */
    getProductSuggestions: build.query<ProductSuggestion[], string>({
      query: (typed) => `/products/suggestions?${new URLSearchParams({ q: typed })}`,
      providesTags: ['Product'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetProductSuggestionsQuery } = shellApi;

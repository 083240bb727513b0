import { declaredMutation, declaredQuery, storefrontApi } from '@bazar/web-kit/api';

/** Calls only the shell makes. */
export const shellApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** Records the signed-in account with the user service, once per sign-in, and the language
     *  the shopper chose, when they choose. */
    syncUser: declaredMutation(build, 'syncUser', { invalidatesTags: ['User'] }),
    /** At most 8 products for what the shopper has typed in the search box so far. */
    getProductSuggestions: declaredQuery(build, 'suggestProducts', { providesTags: ['Product'] }),
  }),
  overrideExisting: 'throw',
});

export const { useGetProductSuggestionsQuery } = shellApi;

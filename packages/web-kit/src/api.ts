import { createAction, type WithSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
// Through the shared module, not './store': the api joins the page's one store whichever build
// this copy of it comes from.
import { currentAccessToken, injectApi } from '@bazar/web-kit';
import { declaredQuery, STOREFRONT_TAGS } from './declared-endpoints';

export * from './declared-endpoints';

/** The api's cache as the storefront's renderer left it in the page's HTML (the answers the page was
 *  rendered from), taken in before the page hydrates so that it renders the same. */
export const prerenderedAnswers = createAction<unknown>('api/prerenderedAnswers');

/**
 * The one RTK Query api of the storefront. The shell puts it in its store; each remote adds its
 * own endpoints with `storefrontApi.injectEndpoints({ ..., overrideExisting: 'throw' })`. Being one
 * api is what lets a mutation in one app refresh a query in another through a shared tag.
 * Endpoints read by more than one app (the top bar and a remote) are injected here. Each endpoint
 * is one of the contracts' `API`, called and typed as declared (`declaredQuery`, `declaredMutation`):
 * an app adds only its tags, optimistic updates and the shape its page reads.
 */
export const storefrontApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: async (headers, { forced }) => {
      const token = await currentAccessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      // A refetch (after a mutation invalidated its tag, or asked for) must see the change: past
      // nginx's one-second micro-cache of the public catalog reads, as a browser reload is.
      if (forced) headers.set('Cache-Control', 'no-cache');
      return headers;
    },
  }),
  tagTypes: STOREFRONT_TAGS,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the api's own state type refers back to this api
  extractRehydrationInfo: (action): any => (prerenderedAnswers.match(action) ? action.payload : undefined),
  endpoints: (build) => ({
    getOffers: declaredQuery(build, 'listOffers', { providesTags: ['Offer'] }),
    getMyCart: declaredQuery(build, 'myCart', { providesTags: ['Cart'] }),
    /** Whether the account is an admin: the shell's guard of admin pages and the menus' admin links. */
    isAdmin: declaredQuery(build, 'isAdmin', { providesTags: ['User'] }),
  }),
});

export const { useGetOffersQuery, useGetMyCartQuery, useIsAdminQuery } = storefrontApi;

// This module is fetched beside the shell's first render, not before it (the first frame needs no
// data); the api joins the store as soon as it has arrived, before anything can query it.
injectApi(storefrontApi);

declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof storefrontApi> {}
}

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

/** Past twice the micro-cache's second: an answer nginx kept from before the write has expired. */
const SHORTLY_AFTER_A_WRITE_MS = 2_000;
let lastWriteAnswered = Number.NEGATIVE_INFINITY;

const fetchFromApi = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: async (headers) => {
    const token = await currentAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // A read that must see a change this browser made goes past nginx's one-second micro-cache of
    // the public catalog reads, as a browser reload does: every read just after a write (the refetch
    // of what a mutation invalidated, and the page shown after saving, whose query had no subscriber
    // left and was dropped and is read afresh). Any other read, forced or not (a Retry, a marked
    // page's products read again, a change another browser made), takes an answer a second old at
    // most: every view of a busy product's page going past the cache cost the gateway and the catalog
    // a request while shoppers ordered it.
    if (performance.now() - lastWriteAnswered < SHORTLY_AFTER_A_WRITE_MS) headers.set('Cache-Control', 'no-cache');
    return headers;
  },
});

/** The admin check's own tag: invalidated alone, it asks again whether the account is an admin
 *  without reading again the other answers about users (All Users, which may be what was refused). */
export const ADMIN_CHECK_TAG = { type: 'User', id: 'admin-check' } as const;

/** The api's requests, noting when this browser's writes were answered. A refusal (403) may mean
 *  the account has just lost the admin role while an admin's page was open (the server checks the
 *  role at each call; the page knew it only from the admin check): the check is asked again, and
 *  the shell drops the admin's links and pages if the role is gone. */
const storefrontBaseQuery: typeof fetchFromApi = async (args, api, extraOptions) => {
  const answer = await fetchFromApi(args, api, extraOptions);
  if (api.type === 'mutation') lastWriteAnswered = performance.now();
  if (answer.error?.status === 403 && api.endpoint !== 'isAdmin') api.dispatch(storefrontApi.util.invalidateTags([ADMIN_CHECK_TAG]));
  return answer;
};

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
  baseQuery: storefrontBaseQuery,
  tagTypes: STOREFRONT_TAGS,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the api's own state type refers back to this api
  extractRehydrationInfo: (action): any => (prerenderedAnswers.match(action) ? action.payload : undefined),
  endpoints: (build) => ({
    getOffers: declaredQuery(build, 'listOffers', { providesTags: ['Offer'] }),
    getMyCart: declaredQuery(build, 'myCart', { providesTags: ['Cart'] }),
    /** Whether the account is an admin: the shell's guard of admin pages and the menus' admin links. */
    isAdmin: declaredQuery(build, 'isAdmin', { providesTags: ['User', ADMIN_CHECK_TAG] }),
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

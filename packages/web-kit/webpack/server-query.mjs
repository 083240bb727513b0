// RTK Query as a server build (server-config.mjs) gives it to every module in place of
// '@reduxjs/toolkit/query/react':
// - a query hook starts its read while rendering (RTK Query's `unstable__sideEffectsInRender`), not in
//   an effect, which a server render never runs: the renderer renders once to start the page's reads,
//   waits for them, and renders again from their answers, as the Chromium path's two renders do;
// - the api's address (`/api`) is taken at the store the renderer renders (its STORE_URL), as its
//   Chromium reaches the store: through nginx, at the gateway.
import { buildCreateApi, coreModule, fetchBaseQuery as fetchBaseQueryOf, reactHooksModule } from '@reduxjs/toolkit/query/react';

export * from '@reduxjs/toolkit/query/react';

export const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: true }));

/** @type {typeof fetchBaseQueryOf} */
export const fetchBaseQuery =
  ({ baseUrl = '', ...options } = {}) =>
  (args, api, extraOptions) =>
    fetchBaseQueryOf({ ...options, baseUrl: new URL(baseUrl, process.env.STORE_URL).href })(args, api, extraOptions);

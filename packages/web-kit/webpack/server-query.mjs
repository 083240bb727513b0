// RTK Query as a server build (server-config.mjs) gives it to every module in place of
// '@reduxjs/toolkit/query/react':
// - a query hook starts its read while rendering (RTK Query's `unstable__sideEffectsInRender`), not in
//   an effect, which a server render never runs: the renderer renders once to start the page's reads,
//   waits for them, and renders again from their answers, as the Chromium path's two renders do;
// - the api's address (`/api`) is taken at the store the renderer renders (its STORE_URL), as its
//   Chromium reaches the store: through nginx, at the gateway;
// - each read's answer is told to the render it was asked for (server-render.mjs): the renderer
//   keeps what each answered, to learn when the page's data changed (renderer/src/kept-pages.ts).
import { buildCreateApi, coreModule, fetchBaseQuery as fetchBaseQueryOf, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { pageRender } from './server-render.mjs';

export * from '@reduxjs/toolkit/query/react';

export const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: true }));

/** @type {typeof fetchBaseQueryOf} */
export const fetchBaseQuery =
  ({ baseUrl = '', ...options } = {}) =>
  (args, api, extraOptions) =>
    fetchBaseQueryOf({ ...options, baseUrl: new URL(baseUrl, process.env.STORE_URL).href, fetchFn: readForThePage })(
      args,
      api,
      extraOptions,
    );

/** @param {Request} request */
async function readForThePage(request) {
  const answer = await fetch(request);
  // a copy, read by the renderer: the api reads the answer itself
  pageRender.getStore()?.read?.(request, answer.clone());
  return answer;
}

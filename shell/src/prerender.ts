import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import type { PrerenderedPage } from '@bazar/contracts';
import type { StorefrontStore } from '@bazar/web-kit';
import { storefrontApi } from '@bazar/web-kit/api';
import type { StoreRouter } from './router';

/**
 * Renders the app once more, with React's static renderer, from what the page running beside it has
 * fetched: the first render of a shopper's browser, with the data it asks for already there. The
 * running page is unmounted first: two renderers at work at once in one page would read each other's
 * context values.
 */
async function prerenderedPage(app: ReactNode, router: StoreRouter, store: StorefrontStore, unmount: () => void): Promise<PrerenderedPage> {
  await Promise.allSettled(store.dispatch(storefrontApi.util.getRunningQueriesThunk()));
  // A route that failed (an unknown product's 404, a remote that could not be loaded) shows an error
  // page: not one to keep.
  const routeErrors = router.state.errors;
  if (routeErrors) throw new Error(`The page's route failed: ${Object.values(routeErrors).map(describe).join('; ')}`);
  unmount();
  // A part that fails would be left to the browser to render, by an inline script the store's
  // Content-Security-Policy refuses: such a page is not offered at all.
  const failures: string[] = [];
  // Every part inline, in order: a part past React's chunk size would otherwise come after the rest
  // and be put in place by an inline script, which the Content-Security-Policy refuses too.
  const { prelude } = await prerender(app, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void failures.push(describe(error)),
  });
  const html = await new Response(prelude).text();
  if (failures.length > 0) throw new Error(`The page failed to render: ${failures.join('; ')}`);
  return { html, answers: cachedAnswers(store) };
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : typeof error === 'object' ? JSON.stringify(error) : String(error);

/** The api's state with only the answers that arrived, as the page's hydration takes them in. */
function cachedAnswers(store: StorefrontStore): unknown {
  const api = store.getState()[storefrontApi.reducerPath];
  if (!api) return undefined;
  const queries = Object.fromEntries(Object.entries(api.queries).filter(([, query]) => query?.status === 'fulfilled'));
  return { ...api, queries, mutations: {}, subscriptions: {} };
}

/** Offers the renderer the page's markup, which it asks for once the page has fetched all it needed. */
export function offerPrerender(app: ReactNode, router: StoreRouter, store: StorefrontStore, unmount: () => void): void {
  window.bazarPrerender = () => prerenderedPage(app, router, store, unmount);
}

// The shell's server build's entry (webpack.server.mjs): the store's page at an address rendered by
// React in Node, the page ../bootstrap.tsx hydrates: the same routes, layout and remote pages,
// rendered by React's static renderer once to start the page's API reads and once more from their
// answers. The renderer (its src/react-render.ts) loads this module and calls `renderPage`;
// docs/decisions/server-rendering.md says why pages are rendered this way.
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
// React Router's server half, which the browser's shared routing module (@bazar/web-kit/routing) must
// not carry: the same react-router module in this bundle, so the remotes' pages share its contexts.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- server only, see above
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { makeStore, StoreProvider, type PublishedRoute, type StorefrontStore } from '@bazar/web-kit';
import { languageReady, type Language } from '@bazar/web-kit/i18n';
import { storefrontApi } from '@bazar/web-kit/api';
import { pageRender } from '@bazar/web-kit/webpack/server-render';
import { i18nextOfPage } from '@bazar/web-kit/webpack/server-i18next';
import { storeRoutes } from '../router';
import type { StorePage } from '../remotes';
import { moduleOf, pageAt } from '../pages';
import { registerRemotes } from './federation';

/** What the renderer asks for. */
export interface PageToRender {
  /** The page's address in the store: path and query, e.g. `/about`. */
  address: string;
  language: Language;
  /** Each remote the runtime manifest names → its mf-manifest.json (absolute URL), as /mf-remotes.json
   *  names them. */
  remotes: Record<string, string>;
  /** Told each API read of the page (`/api/…` with its query, as a browser asks the store) with a
   *  copy of its answer, to keep what each answered; the page is returned once these have settled. */
  onRead?: (read: string, answer: Response) => Promise<void>;
}

export interface ServerRenderedPage {
  /** The markup of the app, what goes into index.html's `#root`. */
  html: string;
  /** The api's state with the answers the page was rendered from, which ../bootstrap.tsx hydrates with. */
  answers: unknown;
  /** The stylesheets of the page's own module and its layouts' (paths in the store), which a browser
   *  that ran the page would have linked. */
  styles: string[];
}

/** A remote's server build is published beside its browser build, in `server/`. */
export const serverManifest = (browserManifest: string) => new URL('server/mf-manifest.json', browserManifest).href;

/** Reads started by one render that the next one shows; a page whose reads depend on each other's
 *  answers takes a render for each step. */
const MOST_RENDERS = 4;

export async function renderPage({ onRead, ...page }: PageToRender): Promise<ServerRenderedPage> {
  const reading: Promise<void>[] = [];
  const read = (request: Request, answer: Response) => {
    const url = new URL(request.url);
    if (onRead && request.method === 'GET' && url.pathname.startsWith('/api/')) reading.push(onRead(url.pathname + url.search, answer));
  };
  // The build's i18next instance (web-kit's, shared by every remote) with its messages loaders, then
  // one of the page's language for this render alone: renders run side by side.
  await languageReady.catch(() => undefined);
  const i18n = await i18nextOfPage(page.language);
  const rendered = await pageRender.run({ read, i18n }, () => renderInScope(page));
  await Promise.all(reading);
  return rendered;
}

async function renderInScope({ address, remotes }: PageToRender): Promise<ServerRenderedPage> {
  const { pages, manifests } = await storePages(remotes);
  const store = makeStore();
  const handler = createStaticHandler(storeRoutes(store, pages));
  const context = await handler.query(new Request(new URL(address, 'http://store.invalid')));
  if (context instanceof Response) throw new Error(`${address} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`The page's route failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The browser's tree (bootstrap.tsx's `appWith`): StrictMode holds the store and an empty place for
  // the commit's callback. The same tree, not only the same elements: React's ids (`useId`, the
  // labels' `for`) are numbered by the place in it, and hydration needs them equal.
  const app = (
    <StrictMode>
      <StoreProvider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StoreProvider>
      {undefined}
    </StrictMode>
  );
  const answersNow = () => store.getState()[storefrontApi.reducerPath]?.queries;
  for (let render = 1; ; render++) {
    const before = answersNow();
    const html = await staticMarkup(app);
    await Promise.allSettled(store.dispatch(storefrontApi.util.getRunningQueriesThunk()));
    // An answer that arrived during the render (a read started by a part that rendered before others
    // had loaded) may not be in its markup: it is rendered again until a render changes nothing.
    if (answersNow() === before) return { html, answers: cachedAnswers(store), styles: stylesOf(pageModules(address, pages), manifests) };
    if (render === MOST_RENDERS) throw new Error(`${address} still reads after ${render} renders`);
  }
}

interface BrowserManifest {
  metaData?: { routes?: PublishedRoute[]; publicPath?: string };
  exposes?: { name: string; assets?: { css?: { sync?: string[] } } }[];
}

/** Every page the remotes publish, from their browser manifests as the shell in a browser reads them;
 *  each remote's code is loaded from its server build beside them. */
async function storePages(remotes: Record<string, string>) {
  const manifests = await Promise.all(
    Object.entries(remotes).map(async ([remote, entry]) => {
      const answer = await fetch(entry);
      if (!answer.ok) throw new Error(`${entry} answered ${answer.status}`);
      const text = await answer.text();
      return { remote, entry, text, manifest: JSON.parse(text) as BrowserManifest };
    }),
  );
  registerRemotes(
    Object.fromEntries(manifests.map(({ remote, entry, text }) => [remote, { entry: serverManifest(entry), manifest: text }])),
  );
  const pages: StorePage[] = manifests.flatMap(({ remote, manifest }) =>
    (manifest.metaData?.routes ?? []).map((page) => ({ ...page, remote })),
  );
  return { pages, manifests };
}

/** The exposed modules of the page at `address` and of the layouts it shows in. */
function pageModules(address: string, pages: StorePage[]): string[] {
  const found = pageAt(new URL(address, 'http://store.invalid'), pages);
  return found ? [...found.layouts, found.page].map(moduleOf) : [];
}

/** The stylesheets a browser links as it loads these modules: each module's own, from its remote's
 *  manifest, by path. */
function stylesOf(modules: string[], manifests: { remote: string; entry: string; manifest: BrowserManifest }[]): string[] {
  const styles = modules.flatMap((id) => {
    const [remote, expose] = id.split('/');
    const found = manifests.find((candidate) => candidate.remote === remote);
    if (!found) return [];
    const publicPath = found.manifest.metaData?.publicPath;
    const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', found.entry);
    const css = found.manifest.exposes?.find(({ name }) => name === expose)?.assets?.css?.sync ?? [];
    return css.map((file) => new URL(file, base).pathname);
  });
  return [...new Set(styles)];
}

/** React's static renderer: it waits for every part (a remote's page, the
 *  footer), every part inline (none left to an inline script, which the store's CSP refuses), and a
 *  part that fails fails the page. */
async function staticMarkup(app: ReactNode): Promise<string> {
  const failures: string[] = [];
  const { prelude } = await prerender(app, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void failures.push(error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)),
  });
  const html = await new Response(prelude).text();
  if (failures.length > 0) throw new Error(`The page failed to render: ${failures.join('; ')}`);
  return html;
}

/** The api's state with only the answers that arrived, as the page's hydration takes them in. */
function cachedAnswers(store: StorefrontStore): unknown {
  const api = store.getState()[storefrontApi.reducerPath];
  if (!api) return undefined;
  const queries = Object.fromEntries(Object.entries(api.queries).filter(([, query]) => query?.status === 'fulfilled'));
  return { ...api, queries, mutations: {}, subscriptions: {} };
}

import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { makeStore, StoreProvider } from '@bazar/web-kit';
import { RouterProvider } from '@bazar/web-kit/routing';
import { currentLanguage, languageReady } from '@bazar/web-kit/i18n';
import { makeRouter, type StoreRouter } from './router';
import { startSession } from './auth/keycloak';
import { switchLanguage } from './layout/LanguageSwitch';
import { preloadOnIntent } from './preload';
import { storePages } from './remotes';
import { dropEarlyInput, ownedByReact, replayEarlyInput } from './earlyInput';
import { PRERENDERED_ANSWERS, PRERENDERED_COUNTS_STALE } from '@bazar/contracts';
import type { storefrontApi } from '@bazar/web-kit/api';
import './styles.css';

type StorefrontApi = typeof storefrontApi;

// Fetch the Bengali faces now rather than when the first price paints: a ৳ painted before its
// font arrived was seen to stay a blank box in Chromium.
for (const weight of [400, 700]) void document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, '৳');

// The first number formatter starts ICU's number formatting, about 85 ms of a phone's main thread
// (Chromium with the CPU slowed 4×). Started in a task of its own while the page's code is still
// arriving, rather than inside hydration, where the top bar's first count would start it.
setTimeout(() => new Intl.NumberFormat(document.documentElement.lang === 'bn' ? 'bn-BD' : 'en-BD').format(0));

/** Lets the browser run what waits (input, paint) before the next step of the page's start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

const store = makeStore();
// The remotes' pages are in their manifests, which the entry asked for beside the shell's chunks.
const pages = await storePages;
const appWith = (router: StoreRouter, onCommitted?: () => void) => (
  <StrictMode>
    <StoreProvider store={store}>
      <RouterProvider router={router} />
    </StoreProvider>
    {onCommitted && <Committed then={onCommitted} />}
  </StrictMode>
);

/** Calls `then` once React has committed its first render to the page (effects run after it). */
function Committed({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}
const root = document.getElementById('root')!;

async function show(): Promise<void> {
  const rendered = document.getElementById(PRERENDERED_ANSWERS);
  const answers = rendered?.textContent;
  if (answers) {
    // The page came rendered: it hydrates with the answers it was rendered from, once the api that
    // takes them has arrived. In another language than the shopper's it is rendered afresh instead,
    // from the same answers (they hold both languages' texts), which the entry did not ask for again.
    // A rendered part whose code has not arrived yet stays as the server sent it, but one that an
    // update reaches before then (the session's answer re-renders the layout) is thrown away and
    // shows its spinner until its code comes: a flash seen on home a second after load. So the
    // session starts once every part is hydrated.
    const [{ prerenderedAnswers, storefrontApi }] = await Promise.all([import('@bazar/web-kit/api'), languageReady]);
    const countsStale = rendered?.hasAttribute(PRERENDERED_COUNTS_STALE);
    store.dispatch(prerenderedAnswers(JSON.parse(answers)));
    // Each step a task of its own: together they were one task of 170 ms at 4× (the answers into the
    // api's state, the router's routes, hydration).
    await nextTask();
    // made once the answers are in: a route's loader (the product page's) takes them, not the API's
    const router = makeRouter(store, pages);
    await nextTask();
    const renderedIn = document.documentElement.lang;
    // The rendered page shows the language switch before its code runs: a language chosen on it by
    // then is the shopper's choice (React would set the switch back as it hydrates).
    const chosenEarly = document.querySelector<HTMLSelectElement>('select[name="language"]')?.value;
    // It is kept for the account as a switch made later is: without it, the sign-in would apply the
    // account's older language.
    if ((chosenEarly === 'en' || chosenEarly === 'bn') && chosenEarly !== renderedIn) await switchLanguage(store, chosenEarly);
    if (currentLanguage() === renderedIn) {
      // React Router renders nothing until a route's module and loader (the product page's) are done,
      // which would replace the page's markup: it hydrates once they are.
      await initialized(router);
      // A part that cannot hydrate (its remote failed to load, so it shows its fallback instead) is
      // rendered afresh by React: logged, not reported as an uncaught error as React does by default.
      const committed = new Promise<void>((resolve) =>
        hydrateRoot(root, appWith(router, resolve), {
          onRecoverableError: (error) => console.error('Rendered afresh instead of hydrated:', error),
        }),
      );
      // React owns an element before it commits it: a field typed in before then is emptied at the
      // commit, so what was typed is given back after it.
      void Promise.all([hydrated(), committed]).then(() => {
        replayEarlyInput();
        if (countsStale) readProductsAgain(storefrontApi);
        return startSession(store);
      });
      return preloadOnIntent();
    }
    showAfresh(router);
    if (countsStale) readProductsAgain(storefrontApi);
    return;
  }
  showAfresh(makeRouter(store, pages));
}

/** The page was served on although the counts of units left it shows changed since it was rendered
 *  (shoppers ordering: PRERENDERED_COUNTS_STALE): every product answer it holds is read again, each
 *  shown until its new one comes (through nginx's micro-cache, as every read not just after this
 *  browser's own write). Once hydrated, so that React hydrates what the HTML shows. */
function readProductsAgain(api: StorefrontApi): void {
  const state = store.getState();
  if (!state.api) return;
  // every endpoint a remote injected is there too, typed by that remote
  const endpoints = api.endpoints as unknown as Record<
    string,
    { initiate: (args: unknown, options: object) => Parameters<typeof store.dispatch>[0] }
  >;
  for (const { endpointName, originalArgs } of api.util.selectInvalidatedBy({ ...state, api: state.api }, ['Product']))
    void store.dispatch(endpoints[endpointName]!.initiate(originalArgs, { subscribe: false, forceRefetch: true }));
}

function showAfresh(router: StoreRouter): void {
  dropEarlyInput();
  void startSession(store);
  createRoot(root).render(appWith(router));
  preloadOnIntent();
}

/** Resolves once the router has the first page's route module and loader data. */
function initialized(router: StoreRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** How long the kept input and the session wait for the parts of the page whose code comes later.
 *  The session's first answer re-renders the layout and throws away a part not hydrated by then (see
 *  `show`), and a tap kept on it with it: with the wait at 5 s, a card whose remote code took 7 s
 *  lost its tap (mf-catalog's cart-gestures test). Past this, a part still waiting is given up. */
const PARTS_AWAITED_MS = 20_000;

/** Resolves once React owns every element of the page (the parts of it whose code loads later
 *  included), or after PARTS_AWAITED_MS. The resource hints React wrote in the markup (a product
 *  picture's `<link rel="preload">`) it leaves be. */
function hydrated(): Promise<void> {
  const until = performance.now() + PARTS_AWAITED_MS;
  // the element found not React's is looked at alone until it is (a part hydrates whole): a look at
  // every element of home took 3.7 ms of a phone's main thread (CPU slowed 4×), 20 times a second
  let waitingFor: Element | undefined;
  const notOwned = () => [...root.querySelectorAll(':not(link, meta, title, style, script)')].find((element) => !ownedByReact(element));
  return new Promise((resolve) => {
    const check = () => {
      if (waitingFor?.isConnected && !ownedByReact(waitingFor) && performance.now() <= until) return void setTimeout(check, 50);
      waitingFor = notOwned();
      if (!waitingFor || performance.now() > until) resolve();
      else setTimeout(check, 50);
    };
    check();
  });
}

void show();

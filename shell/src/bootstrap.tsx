import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { makeStore, StoreProvider } from '@bazar/web-kit';
import { RouterProvider } from '@bazar/web-kit/routing';
import { currentLanguage, languageReady } from '@bazar/web-kit/i18n';
import { makeRouter } from './router';
import { startSession } from './auth/keycloak';
import { preloadOnIntent } from './preload';
import { storePages } from './remotes';
import { PRERENDERED_ANSWERS } from './prerendered';
import './styles.css';

// Fetch the Bengali faces now rather than when the first price paints: a ৳ painted before its
// font arrived was seen to stay a blank box in Chromium.
for (const weight of [400, 700]) void document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, '৳');

const store = makeStore();
// The remotes' pages are in their manifests, which the entry asked for beside the shell's chunks.
const pages = await storePages;
const app = (
  <StrictMode>
    <StoreProvider store={store}>
      <RouterProvider router={makeRouter(store, pages)} />
    </StoreProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;

async function show(): Promise<void> {
  if (window.__BAZAR_PRERENDER__) {
    // In the renderer's browser: rendered as a shopper's browser would, and offered to the renderer.
    // No session: the page is rendered for someone not yet known to be signed in.
    const running = createRoot(root);
    running.render(app);
    const { offerPrerender } = await import('./prerender');
    return offerPrerender(app, store, () => running.unmount());
  }
  void startSession(store);
  const answers = document.getElementById(PRERENDERED_ANSWERS)?.textContent;
  if (answers) {
    // The page came rendered: it hydrates with the answers it was rendered from, once the api that
    // takes them has arrived. In another language than the shopper's it is rendered afresh instead,
    // from the same answers (they hold both languages' texts), which the entry did not ask for again.
    const [{ prerenderedAnswers }] = await Promise.all([import('@bazar/web-kit/api'), languageReady]);
    store.dispatch(prerenderedAnswers(JSON.parse(answers)));
    if (currentLanguage() === document.documentElement.lang) {
      // A part that cannot hydrate (its remote failed to load, so it shows its fallback instead) is
      // rendered afresh by React: logged, not reported as an uncaught error as React does by default.
      hydrateRoot(root, app, { onRecoverableError: (error) => console.error('Rendered afresh instead of hydrated:', error) });
      return preloadOnIntent();
    }
  }
  createRoot(root).render(app);
  preloadOnIntent();
}

void show();

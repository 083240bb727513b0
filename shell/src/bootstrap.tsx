import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStore, StoreProvider } from '@bazar/web-kit';
import { RouterProvider } from '@bazar/web-kit/routing';
import { makeRouter } from './router';
import { startSession } from './auth/keycloak';
import { preloadOnIntent } from './preload';
import { storePages } from './remotes';
import './styles.css';

// Fetch the Bengali faces now rather than when the first price paints: a ৳ painted before its
// font arrived was seen to stay a blank box in Chromium.
for (const weight of [400, 700]) void document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, '৳');

const store = makeStore();
void startSession(store);

// The remotes' pages are in their manifests, which the entry asked for beside the shell's chunks.
const pages = await storePages;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <RouterProvider router={makeRouter(store, pages)} />
    </StoreProvider>
  </StrictMode>,
);
preloadOnIntent();

import { loadRemoteModule, preloadRemoteModule } from './federation';
import { firstReads } from './firstReads';
import { moduleOf, pageAt } from './pages';
import { PRERENDERED_ANSWERS } from '@bazar/contracts';
import { storePages, type StorePage } from './remotes';

/**
 * Starts fetching what the page at `url` shows first, before the shell's own code has arrived: the
 * remote's entry and the page's chunks (from the remote's manifest, as /mf-remotes.json names it,
 * whose pages say which one this address is) and the page's first API read, which the remote's
 * fetch then takes from the preload (unless the page came rendered with it). Pages behind sign-in are
 * left to the sign-in guard.
 */
export async function preloadFirstView(url: URL): Promise<void> {
  const found = pageAt(url, await storePages);
  if (!found || found.page.access !== 'public') return;
  const read = found.page.firstRead && firstReads[found.page.firstRead](found.params, url.searchParams);
  // A page that came rendered carries its answers (renderer/): the api starts with them, no read.
  if (read && !document.getElementById(PRERENDERED_ANSWERS)) {
    const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', href: read, crossOrigin: 'anonymous' });
    document.head.append(link);
  }
  for (const page of [...found.layouts, found.page]) void preloadRemoteModule(moduleOf(page));
}

// Loaded (and run, which is cheap) rather than preloaded: a preload is for what this page uses, and
// the page then shows at once when its link is followed.
const asked = new Set<string>();
const loadOnce = (page: StorePage) => {
  const module = moduleOf(page);
  if (asked.has(module)) return;
  asked.add(module);
  loadRemoteModule(module).catch(() => asked.delete(module));
};

/**
 * Other pages' code ahead of the click: once the browser is idle, the public pages whose first view
 * reads the API (home, search results, a product: where shoppers go next); when a link is pointed
 * at, touched or focused, the page it leads to and its layouts. Pages behind sign-in only on a link.
 */
export function preloadOnIntent(): void {
  // Safari has no requestIdleCallback
  const whenIdle = (task: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(task) : setTimeout(task, 200));
  const preloadLikelyNext = () =>
    whenIdle(() => void storePages.then((pages) => pages.filter((page) => page.access === 'public' && page.firstRead).forEach(loadOnce)));
  if (document.readyState === 'complete') preloadLikelyNext();
  else window.addEventListener('load', preloadLikelyNext, { once: true });

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    void storePages.then((pages) => {
      const found = pageAt(new URL(link.href), pages);
      if (found) [...found.layouts, found.page].forEach(loadOnce);
    });
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, onIntent, { passive: true });
}

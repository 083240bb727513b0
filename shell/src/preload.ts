import { loadRemoteModule, preloadRemoteModule } from './federation';
import { remotePageAt, remotePages, type RemotePageRoute } from './pages';

/**
 * Starts fetching what the page at `url` shows first, before the shell's own code has arrived: the
 * remote's entry and the page's chunks (from the remote's manifest, as /mf-remotes.json names it)
 * and the page's first API read, which the remote's fetch then takes from the preload.
 */
export function preloadFirstView(url: URL): void {
  const found = remotePageAt(url);
  if (!found || found.page.signedIn) return;
  const read = found.page.firstRead?.(found.params, url.searchParams);
  if (read) {
    const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', href: read, crossOrigin: 'anonymous' });
    document.head.append(link);
  }
  void preloadRemoteModule(found.page.module);
}

/** The store's pages shoppers go to next, fetched once the page has loaded and the browser is idle. */
const likelyNext: RemotePageRoute[] = [remotePages.home, remotePages.search, remotePages.product];

// Loaded (and run, which is cheap) rather than preloaded: a preload is for what this page uses, and
// the page then shows at once when its link is followed.
const asked = new Set<string>();
const preloadOnce = (module: string) => {
  if (asked.has(module)) return;
  asked.add(module);
  loadRemoteModule(module).catch(() => asked.delete(module));
};

/**
 * Other pages' code ahead of the click: the store's main pages once the browser is idle, and the page
 * a link leads to when it is pointed at, touched or focused. Pages behind sign-in only on a link.
 */
export function preloadOnIntent(): void {
  // Safari has no requestIdleCallback
  const whenIdle = (task: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(task) : setTimeout(task, 200));
  const preloadLikelyNext = () => whenIdle(() => likelyNext.forEach((page) => preloadOnce(page.module)));
  if (document.readyState === 'complete') preloadLikelyNext();
  else window.addEventListener('load', preloadLikelyNext, { once: true });

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    const found = remotePageAt(new URL(link.href));
    if (found) preloadOnce(found.page.module);
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, onIntent, { passive: true });
}

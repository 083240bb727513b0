import type { PrerenderedPage } from '@bazar/contracts';
import type { Page, Response as PageResponse } from 'playwright-core';
import { answerPrints, shownHeaders } from './answer-prints';
import type { RunningChromium } from './chromium';
import { LANGUAGE_COOKIE, type Language } from './language';
import { RenderFailure, pageHtml } from './page-html';
import type { PageRendering, ReadAnswer, RenderedPage } from './rendered-page';

const answerOf = async (read: string, response: PageResponse): Promise<ReadAnswer> => {
  const headers = await response.allHeaders();
  const body = await response.body().catch(() => new Uint8Array());
  return { ...answerPrints(response.status(), body, shownHeaders(read, headers)), etag: headers['etag'] };
};

/**
 * Renders the storefront's public pages with the storefront's own code, one at a time in one tab of
 * the renderer's Chromium: the tab opens the shell's index.html at the page's address, runs the shell
 * and the remotes the runtime manifest names (a remote's new release included, without any build of
 * the renderer's), and the shell renders the app a second time with React's static renderer, from the
 * answers the first render fetched. Its markup and those answers go into the shell's index.html.
 * A Chromium that went away is started again, and one that rendered `recycleAfter` pages too, which
 * bounds whatever it holds on to.
 */
export class PageRenderer implements PageRendering {
  private chromium: Promise<RunningChromium> | undefined;
  private tab: Promise<Page> | undefined;
  private rendered = 0;

  constructor(
    private readonly start: () => Promise<RunningChromium>,
    private readonly options: { storeUrl: string; timeoutMs: number; recycleAfter: number },
  ) {}

  async render(address: string, language: Language): Promise<RenderedPage> {
    if (++this.rendered > this.options.recycleAfter) await this.close();
    const [template, page] = await Promise.all([this.template(), this.prerender(address, language)]);
    return { html: pageHtml(template, page, language), reads: page.reads };
  }

  async close(): Promise<void> {
    const chromium = this.chromium;
    this.chromium = this.tab = undefined;
    this.rendered = 0;
    await (await chromium?.catch(() => undefined))?.close();
  }

  /** The shell's index.html as nginx serves it (revalidated there on every load). */
  private async template(): Promise<string> {
    const answer = await fetch(`${this.options.storeUrl}/index.html`, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    if (!answer.ok) throw new RenderFailure(`the shell's index.html answered ${answer.status}`);
    return answer.text();
  }

  private async prerender(
    address: string,
    language: Language,
  ): Promise<PrerenderedPage & { styles: string[]; reads: Map<string, ReadAnswer> }> {
    const page = await this.openTab();
    const store = new URL(this.options.storeUrl).origin;
    const reads = new Map<string, Promise<ReadAnswer>>();
    const recordRead = (response: PageResponse) => {
      const url = new URL(response.url());
      const read = url.pathname + url.search;
      if (url.origin === store && url.pathname.startsWith('/api/') && response.request().method() === 'GET')
        reads.set(read, answerOf(read, response));
    };
    page.on('response', recordRead);
    try {
      // index.html is served as a file; the init script moves the page to its address and sets its
      // language before the shell reads them. Once the network is quiet, it has all its code and data.
      const hash = new URLSearchParams({ render: address, language });
      await page.goto(`${this.options.storeUrl}/index.html#${hash}`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => typeof window.bazarPrerender === 'function');
      const rendered = await page.evaluate(() => window.bazarPrerender!());
      // The stylesheets the page's remotes added (the shell's own are in index.html already), by path:
      // the shopper's browser reaches the store under another name than the renderer does.
      const styles = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
          .map((link) => new URL(link.href))
          .filter((url) => url.origin === location.origin)
          .map((url) => url.pathname),
      );
      const answered = await Promise.all([...reads].map(async ([read, answer]) => [read, await answer] as const));
      return { ...rendered, styles, reads: new Map(answered) };
    } catch (error) {
      const chromium = await this.chromium?.catch(() => undefined);
      if (!chromium?.connected()) await this.close();
      throw new RenderFailure(`${address} could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      page.off('response', recordRead);
      // Leaves the store's page, so nothing of it runs (or holds memory) between renders.
      await page.goto('about:blank').catch(() => undefined);
    }
  }

  /** The one tab every page is rendered in, of the browser's own context: its HTTP cache keeps the
   *  storefront's bundles between pages, and a second window would bring its own browser UI. */
  private openTab(): Promise<Page> {
    this.chromium ??= this.start();
    this.tab ??= this.chromium.then(async ({ context }) => {
      await context.addInitScript((key) => {
        const wanted = new URLSearchParams(location.hash.slice(1));
        const [address, language] = [wanted.get('render'), wanted.get('language')];
        if (!address?.startsWith('/') || !language) return;
        window.__BAZAR_PRERENDER__ = true;
        // the shopper's choice, as web-kit keeps it: the cookie and local storage
        localStorage.setItem(key, language);
        document.cookie = `${key}=${language}; path=/; SameSite=Lax`;
        history.replaceState(null, '', address);
      }, LANGUAGE_COOKIE);
      const tab = context.pages()[0] ?? (await context.newPage());
      await tab.setViewportSize({ width: 1280, height: 900 });
      tab.setDefaultTimeout(this.options.timeoutMs);
      tab.setDefaultNavigationTimeout(this.options.timeoutMs);
      return tab;
    });
    this.tab.catch(() => this.close());
    return this.tab;
  }
}

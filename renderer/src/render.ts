import type { Browser, BrowserContext } from 'playwright-core';
import { LANGUAGE_COOKIE, type Language } from './language';

/** What the shell's prerender module (shell/src/prerender.ts) hands back. */
interface PrerenderedPage {
  html: string;
  answers: unknown;
}

declare global {
  interface Window {
    __BAZAR_PRERENDER__?: boolean;
    bazarPrerender?: () => Promise<PrerenderedPage>;
  }
}

/** The element hydration reads the api's answers from (shell/src/bootstrap.tsx). */
const ANSWERS_ELEMENT = 'bazar-prerendered-answers';

/** A page the renderer could not render: nginx then serves the client-rendered app. */
export class RenderFailure extends Error {}

/**
 * Renders the storefront's public pages with the storefront's own code: a page of the renderer's
 * Chromium opens the shell's index.html at the page's address, runs the shell and the remotes the
 * runtime manifest names (a remote's new release included, without any build of the renderer's),
 * and the shell renders the app a second time with React's static renderer, from the answers the
 * first render fetched. Its markup and those answers go into the shell's index.html.
 */
export class PageRenderer {
  private readonly contexts = new Map<Language, Promise<BrowserContext>>();
  private waiting: (() => void)[] = [];
  private rendering = 0;

  constructor(
    private readonly browser: Browser,
    private readonly options: { storeUrl: string; timeoutMs: number; concurrency: number },
  ) {}

  async render(address: string, language: Language): Promise<string> {
    await this.turn();
    try {
      const [template, page] = await Promise.all([this.template(), this.prerender(address, language)]);
      return pageHtml(template, page, language);
    } finally {
      this.rendering--;
      this.waiting.shift()?.();
    }
  }

  private async turn(): Promise<void> {
    if (this.rendering >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.rendering++;
  }

  /** The shell's index.html as nginx serves it (revalidated there on every load). */
  private async template(): Promise<string> {
    const answer = await fetch(`${this.options.storeUrl}/index.html`, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    if (!answer.ok) throw new RenderFailure(`the shell's index.html answered ${answer.status}`);
    return answer.text();
  }

  private async prerender(address: string, language: Language): Promise<PrerenderedPage & { styles: string[] }> {
    const context = await this.context(language);
    const page = await context.newPage();
    page.setDefaultTimeout(this.options.timeoutMs);
    try {
      // index.html is served as a file; the init script moves the page to its address before the
      // shell's router reads it. Once the network is quiet, the page has all its code and data.
      await page.goto(`${this.options.storeUrl}/index.html#render=${encodeURIComponent(address)}`, { waitUntil: 'networkidle' });
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
      return { ...rendered, styles };
    } catch (error) {
      throw new RenderFailure(`${address} could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  /** One browser context per language: its pages share the HTTP cache, so the storefront's bundles
   *  are fetched once, and start in that language. */
  private context(language: Language): Promise<BrowserContext> {
    let context = this.contexts.get(language);
    if (!context) {
      context = this.browser.newContext({ locale: language === 'bn' ? 'bn-BD' : 'en-US', viewport: { width: 1280, height: 900 } });
      context = context.then(async (ready) => {
        await ready.addInitScript(
          ({ key, chosen }) => {
            window.__BAZAR_PRERENDER__ = true;
            localStorage.setItem(key, chosen);
            const address = new URLSearchParams(location.hash.slice(1)).get('render');
            if (address?.startsWith('/')) history.replaceState(null, '', address);
          },
          { key: LANGUAGE_COOKIE, chosen: language },
        );
        return ready;
      });
      this.contexts.set(language, context);
    }
    return context;
  }
}

/** The shell's index.html with the page's markup in its root, the answers it was rendered from
 *  beside it, the remotes' stylesheets in its head and the page's language. */
export function pageHtml(template: string, page: PrerenderedPage & { styles: string[] }, language: Language): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) throw new RenderFailure("the shell's index.html has no empty root");
  const styles = page.styles
    .filter((href) => !template.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`)
    .join('');
  // JSON in a script element of its own type is never run; `<` escaped, it cannot close the element.
  const answers = JSON.stringify(page.answers ?? null).replaceAll('<', '\\u003c');
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace('</head>', () => `${styles}</head>`)
    .replace(root, () => `<div id="root">${page.html}</div><script type="application/json" id="${ANSWERS_ELEMENT}">${answers}</script>`);
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

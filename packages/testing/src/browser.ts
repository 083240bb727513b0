import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PRERENDERED_ANSWERS, PRERENDERED_COUNTS_STALE } from '@bazar/contracts';
import { noteOpenBrowser } from './browser-registry';
import { eventually, stackEnv } from './stack';

/** Debian's Chromium, headless; tests never download a browser. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return noteOpenBrowser(browser);
}

const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  laptop: { viewport: { width: 1280, height: 900 } },
};

/** A browser on a phone (390 px) or a laptop whose user has chosen `language`: the choice is the
 *  cookie the storefront keeps it in, so even the first page comes rendered in it. */
export async function browsingIn(browser: Browser, language: 'en' | 'bn', device: keyof typeof DEVICES = 'phone'): Promise<BrowserContext> {
  const context = await browser.newContext(DEVICES[device]);
  await context.addCookies([{ name: 'bazar.language', value: language, url: stackEnv.webUrl }]);
  return context;
}

/** What a page served rendered has: the answers it was rendered from, after its markup (marked or
 *  not as showing changed counts of units left: PRERENDERED_COUNTS_STALE). */
export const RENDERED_ANSWERS = `<script type="application/json" id="${PRERENDERED_ANSWERS}"`;

/** How nginx served a page: the client-rendered app, a rendered page, or a rendered page marked as
 *  showing counts of units left that changed since its render, whose shell reads its products again
 *  once it has hydrated (an order of one of them meanwhile). */
export function servedAs(html: string): 'app' | 'rendered' | 'marked' {
  if (!html.includes(RENDERED_ANSWERS)) return 'app';
  return html.includes(`${RENDERED_ANSWERS} ${PRERENDERED_COUNTS_STALE}>`) ? 'marked' : 'rendered';
}

/** Waits until nothing on the page moves any more (a dialog or a toast sliding in), so that a
 *  screenshot shows it whole. */
export async function animationsEnded(page: Page): Promise<void> {
  // a function, not a string: the store's Content-Security-Policy refuses eval
  await page.waitForFunction(
    () => (globalThis as unknown as { document: { getAnimations(): unknown[] } }).document.getAnimations().length === 0,
  );
}

/** Pages are rendered in the background, one at a time, and again whenever their data changes (other
 *  tests publish products and offers): waits for one are generous. */
export const RENDERED_WITHIN_MS = 120_000;

/** Waits until the page's code has taken over: hydrated the page it came rendered as (which shows
 *  before any of its code is fetched), or rendered it; the shell then drops index.html's keeper of
 *  early taps. */
export async function codeTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as { bazarEarlyInput?: unknown }).bazarEarlyInput === undefined);
}

/** How many CSS pixels the page reaches past the right edge of the screen (the viewport), 0 when it
 *  fits. Against the screen's width: on a phone the page's own width (innerWidth) grows to whatever
 *  overflows it, so a page compared with that always fits. */
export async function widthPastTheScreen(page: Page): Promise<number> {
  return Math.max(0, (await page.evaluate<number>('document.documentElement.scrollWidth')) - page.viewportSize()!.width);
}

/** Opens the store's page as nginx serves it rendered (asking for it is what has it rendered): a page
 *  is taken away while it is rendered again, and is then the client-rendered app, opened again. */
export async function openRendered(
  page: Page,
  pathname: string,
  { beforeEachTry = () => undefined, waitUntil = 'load' }: { beforeEachTry?: () => void; waitUntil?: 'load' | 'commit' } = {},
): Promise<void> {
  await eventually(
    async () => {
      beforeEachTry();
      const answer = await page.goto(`${stackEnv.webUrl}${pathname}`, { waitUntil });
      if (!(await answer!.text()).includes(RENDERED_ANSWERS)) throw new Error(`${pathname} came without its rendered markup`);
    },
    RENDERED_WITHIN_MS,
    250,
  );
}

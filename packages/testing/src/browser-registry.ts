import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The browsers launchChromium started in this test worker and not yet closed: a failing test's
 *  report describes their pages (failure-report.ts). */
const open = new Set<Browser>();

/** Called before any page or context of those browsers closes, while the pages still show what the
 *  test left: a test's own afterEach, or its `finally`, closes them before the runner's fixtures
 *  could look. */
let beforeClosing: (() => Promise<void>) | undefined;

export function whenPagesClose(callback: () => Promise<void>): void {
  beforeClosing = callback;
}

function closingFirst<T extends Page | BrowserContext>(target: T): T {
  const close = target.close.bind(target);
  target.close = async (...args: Parameters<typeof close>) => {
    await beforeClosing?.();
    return close(...args);
  };
  return target;
}

function watchContext(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => closingFirst(await newPage());
  return closingFirst(context);
}

export function noteOpenBrowser(browser: Browser): Browser {
  open.add(browser);
  browser.on('disconnected', () => open.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<typeof newContext>) => watchContext(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<typeof newPage>) => closingFirst(await newPage(...args));
  return browser;
}

export const openBrowsers = (): ReadonlySet<Browser> => open;

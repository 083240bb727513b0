import type { Browser } from 'playwright-core';

/** Where launchChromium notes the browsers a test file has open, on the file's global: the test
 *  environment (jest-environment.ts) describes their pages when a test fails. */
export const OPEN_BROWSERS = 'bazarOpenBrowsers';
export type OpenBrowsers = Set<Browser>;

export function noteOpenBrowser(browser: Browser): Browser {
  const global = globalThis as unknown as Record<string, OpenBrowsers | undefined>;
  const open = (global[OPEN_BROWSERS] ??= new Set());
  open.add(browser);
  browser.on('disconnected', () => open.delete(browser));
  return browser;
}

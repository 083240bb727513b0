import type { Browser } from 'playwright-core';

/** The browsers launchChromium started in this test worker and not yet closed: a failing test's
 *  report describes their pages (failure-report.ts). */
const open = new Set<Browser>();

export function noteOpenBrowser(browser: Browser): Browser {
  open.add(browser);
  browser.on('disconnected', () => open.delete(browser));
  return browser;
}

export const openBrowsers = (): ReadonlySet<Browser> => open;

// What the browser tests that walk the store's pages share, whichever slice's pages they are:
// where the store is, the seeded accounts, Keycloak's login form filled as a shopper fills it and a
// wait for an address; with the page helpers they use most, so a test imports them from one place.
import type { Page } from 'playwright-core';

import { ACCOUNTS } from './auth';
import { stackEnv } from './stack';

export { catalogProducts } from './catalog';
export { launchChromium } from './browser';
export { pagePerFile, pagePerTest, seriousViolations } from './browser-test';

/** The store as a shopper's browser reaches it (nginx). */
export const webUrl = stackEnv.webUrl;

/** The accounts the realm import seeds for local use (infra/keycloak). */
export const accounts = ACCOUNTS;

/** What the callback below reads of the page it runs in: this package is type-checked without the
 *  DOM's types (tsconfig.test.json). */
interface InThePage {
  document: {
    activeElement: { outerHTML: string } | null;
    querySelector(selector: string): { textContent: string | null } | null;
  };
}

/**
 * Fills Keycloak's login page, which the store has handed over to. Every browser of a test run
 * signs in from 127.0.0.1, an address no shopper shares with a whole test suite, so a post nginx
 * refuses for the address's sign-in limit (429, too-many-sign-in-attempts) waits for the address's
 * next allowance, give or take a random share of it (the other browsers of the run wait for it too),
 * and is made again from the login page; any other answer is the test's to judge.
 */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const allowanceMs = 60_000 / stackEnv.signInPostsPerMinute;
  for (let attempt = 1; ; attempt++) {
    await page.locator('#username').fill(account.email);
    await page.locator('#password').fill(account.password);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/login-actions/')),
      page.locator('#kc-login').click(),
    ]);
    if (answer.status() !== 429 || attempt === 8) return;
    await page.waitForTimeout(allowanceMs * (0.5 + Math.random()));
    await page.goBack();
  }
}

export function signInAsShopper(page: Page): Promise<void> {
  return signIn(page, accounts.shopper);
}

/** Waits until the page shows `path`, ignoring the query and the hash (Keycloak returns with
 *  `#state=…&code=…`, which keycloak-js then removes). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page
    .waitForURL((url) => url.pathname === path)
    .catch(async (error: unknown) => {
      // Where the page is instead, to tell a navigation that never happened from one that went on
      const seen = await page
        .evaluate(() => {
          const { document } = globalThis as unknown as InThePage;
          return `heading '${document.querySelector('h1')?.textContent ?? ''}', focus on ${document.activeElement?.outerHTML.slice(0, 160)}`;
        })
        .catch(() => 'nothing readable');
      throw new Error(`The page is at ${page.url()}, not ${path}: ${seen}`, { cause: error });
    });
}

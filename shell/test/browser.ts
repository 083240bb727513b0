import type { Page } from 'playwright-core';

import { ACCOUNTS, stackEnv } from '@bazar/testing';

export { catalogProducts, launchChromium } from '@bazar/testing';
export { pagePerFile, pagePerTest, seriousViolations } from '@bazar/testing/browser-test';

/** The store as a shopper's browser reaches it (nginx). */
export const webUrl = stackEnv.webUrl;

/** The accounts the realm import seeds for local use (infra/keycloak). */
export const accounts = ACCOUNTS;

/** Fills Keycloak's login page, which the store has handed over to. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.locator('#username').fill(account.email);
  await page.locator('#password').fill(account.password);
  await page.locator('#kc-login').click();
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
        .evaluate(
          () => `heading '${document.querySelector('h1')?.textContent ?? ''}', focus on ${document.activeElement?.outerHTML.slice(0, 160)}`,
        )
        .catch(() => 'nothing readable');
      throw new Error(`The page is at ${page.url()}, not ${path}: ${seen}`, { cause: error });
    });
}

/** How long the next dialog (SweetAlert2) stays in the page, measured in the page: call it before
 *  opening one, await it after. */
export function nextDialogLifetime(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let opened = 0;
        new MutationObserver((_, observer) => {
          const open = document.querySelector('[role="dialog"].swal2-popup') !== null;
          if (open && !opened) opened = performance.now();
          if (!open && opened) {
            observer.disconnect();
            resolve(performance.now() - opened);
          }
        }).observe(document.body, { childList: true, subtree: true });
      }),
  );
}

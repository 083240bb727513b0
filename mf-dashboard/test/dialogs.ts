// What the dashboard's browser tests measure of its dialogs (SweetAlert2's, showNotice in web-kit).
import type { Page } from 'playwright-core';

/** How long the next dialog stays in the page, measured in the page: call it before opening one,
 *  await it after. */
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

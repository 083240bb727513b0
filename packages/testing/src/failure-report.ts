// When a browser test fails, what each page it has open shows: a screenshot, its address, the dialogs
// and alerts on it, its last calls to the API with their answers, and its script errors. A failure in
// CI then says what the shopper would have seen, not only which wait ran out.
import type { Page } from 'playwright-core';
import { openBrowsers } from './browser-registry';

/** a page that no longer answers (a test's own hang) must not hold the report up */
const DESCRIBE_WITHIN_MS = 5_000;
const API_CALLS_SHOWN = 8;

export interface PageReport {
  description: string;
  screenshot?: Buffer;
}

/** The pages of every Chromium this worker has open, described. */
export async function reportOpenPages(): Promise<PageReport[]> {
  const pages = [...openBrowsers()].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  return Promise.all(pages.map(describePage));
}

async function describePage(page: Page): Promise<PageReport> {
  const screenshot = await withinTime(page.screenshot({ fullPage: true, timeout: DESCRIBE_WITHIN_MS }));
  const shown = await withinTime(
    page.evaluate(`(() => ({
      dialogs: [...document.querySelectorAll('[role=dialog], [role=alertdialog], [role=alert]')]
        .map((element) => element.innerText.trim().replace(/\\s+/g, ' '))
        .filter(Boolean),
      text: document.body.innerText.trim().replace(/\\s+/g, ' ').slice(0, 400),
    }))()`) as Promise<{ dialogs: string[]; text: string }>,
  );
  const calls = (await page.requests()).filter((request) => new URL(request.url()).pathname.startsWith('/api/')).slice(-API_CALLS_SHOWN);
  const answered = await Promise.all(
    calls.map(async (request) => {
      const response = await withinTime(request.response(), 500);
      // a string is withinTime's note: no answer in time, or one that could not be read
      const status = typeof response === 'string' ? response : (response?.status() ?? 'failed');
      return `${request.method()} ${new URL(request.url()).pathname} → ${status}`;
    }),
  );
  const errors = (await page.pageErrors()).map((error) => error.message);
  const description = [
    `- ${page.url()}`,
    typeof shown === 'string'
      ? `  its text: ${shown}`
      : `  dialogs and alerts: ${shown.dialogs.length ? shown.dialogs.join(' | ') : 'none'}`,
    `  last API calls: ${answered.length ? answered.join(', ') : 'none'}`,
    `  script errors: ${errors.length ? errors.join(' | ') : 'none'}`,
    ...(typeof shown === 'string' ? [] : [`  text: ${shown.text}`]),
  ].join('\n');
  return { description, ...(Buffer.isBuffer(screenshot) && { screenshot }) };
}

/** the promise's value, or a note that it took longer than `ms` */
function withinTime<T>(promise: Promise<T>, ms = DESCRIBE_WITHIN_MS): Promise<T | string> {
  return Promise.race([
    promise.catch((error: unknown) => `could not be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
    new Promise<string>((resolve) => setTimeout(() => resolve(`no answer within ${ms} ms`), ms).unref()),
  ]);
}

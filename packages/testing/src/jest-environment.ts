// Node's test environment, and one thing more: when a test that drives Chromium fails, each page it
// has open is photographed (test-results/failures/) and described in the failure: its address, the
// dialogs and alerts it shows, its last calls to the API with their answers, and its script errors.
// A failure in CI then says what the shopper would have seen, not only which wait ran out.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import type { Page } from 'playwright-core';
import { OPEN_BROWSERS, type OpenBrowsers } from './browser-registry';

const FAILURES = 'test-results/failures';
/** a page that no longer answers (a test's own hang) must not hold the report up */
const DESCRIBE_WITHIN_MS = 5_000;
const API_CALLS_SHOWN = 8;

export default class StoreTestEnvironment extends TestEnvironment {
  private readonly testPath: string;

  constructor(...[config, context]: ConstructorParameters<typeof TestEnvironment>) {
    super(config, context);
    this.testPath = context.testPath;
  }

  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name !== 'test_fn_failure') return;
    const browsers = (this.global as Record<string, unknown>)[OPEN_BROWSERS] as OpenBrowsers | undefined;
    const pages = [...(browsers ?? [])].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
    if (pages.length === 0) return;
    await mkdir(FAILURES, { recursive: true });
    const name = `${path.basename(this.testPath, '.ts')} ${event.test.name}`.replace(/[^\w.-]+/g, '-').slice(0, 120);
    const descriptions = await Promise.all(
      pages.map((page, index) => withinTime(describePage(page, path.join(FAILURES, `${name}-${index + 1}.png`)))),
    );
    const report = new Error(`What the open pages showed when the test failed:\n${descriptions.join('\n')}`);
    report.stack = report.message;
    event.test.errors.push(report);
  }
}

async function describePage(page: Page, screenshot: string): Promise<string> {
  await page.screenshot({ path: screenshot, fullPage: true, timeout: DESCRIBE_WITHIN_MS }).catch(() => undefined);
  const shown = (await page.evaluate(`(() => ({
    dialogs: [...document.querySelectorAll('[role=dialog], [role=alertdialog], [role=alert]')]
      .map((element) => element.innerText.trim().replace(/\\s+/g, ' '))
      .filter(Boolean),
    text: document.body.innerText.trim().replace(/\\s+/g, ' ').slice(0, 400),
  }))()`)) as { dialogs: string[]; text: string };
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
  return [
    `- ${page.url()} (screenshot ${screenshot})`,
    `  dialogs and alerts: ${shown.dialogs.length ? shown.dialogs.join(' | ') : 'none'}`,
    `  last API calls: ${answered.length ? answered.join(', ') : 'none'}`,
    `  script errors: ${errors.length ? errors.join(' | ') : 'none'}`,
    `  text: ${shown.text}`,
  ].join('\n');
}

/** the promise's value, or a note that it took longer than `ms` */
function withinTime<T>(promise: Promise<T>, ms = DESCRIBE_WITHIN_MS): Promise<T | string> {
  return Promise.race([
    promise.catch((error: unknown) => `could not be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
    new Promise<string>((resolve) => setTimeout(() => resolve(`no answer within ${ms} ms`), ms).unref()),
  ]);
}

// What the browser tests are written with (Playwright Test, run by playwright.config.ts): its `test`
// and `expect`, with one thing more, the pages a file's tests share, and the accessibility audit. When a test fails, each page
// of each Chromium the worker has open is photographed and described beside the failure
// (failure-report.ts).
import { rm, writeFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type TestInfo } from '@playwright/test';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { whenPagesClose } from './browser-registry';
import { reportOpenPages } from './failure-report';

const REPORT = 'what the open pages showed';

async function attachPageReports(testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus || testInfo.attachments.some((attachment) => attachment.name === REPORT)) return;
  const reports = await reportOpenPages();
  if (reports.length === 0) return;
  await testInfo.attach(REPORT, { body: reports.map((report) => report.description).join('\n'), contentType: 'text/plain' });
  for (const [index, { screenshot }] of reports.entries()) {
    if (!screenshot) continue;
    // attached by path: Playwright copies the file into the test's attachments and prints where
    const file = testInfo.outputPath(`page-${index + 1}.png`);
    await writeFile(file, screenshot);
    await testInfo.attach(`page ${index + 1}`, { path: file, contentType: 'image/png' });
    await rm(file);
  }
}

whenPagesClose(async () => {
  let testInfo: TestInfo;
  try {
    testInfo = test.info();
  } catch {
    return; // not within a test or hook: nothing to report to
  }
  await attachPageReports(testInfo);
});

export const test = base.extend<{ reportOpenPagesOnFailure: void }>({
  reportOpenPagesOnFailure: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use, testInfo) => {
      await use();
      await attachPageReports(testInfo);
    },
    { auto: true },
  ],
});

export { expect };

/** The desktop window the storefront's browser tests look through. */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/** Where a test file's page lives: a fresh one for each test, or one the file's tests walk through
 *  in turn (signed in by the first, used by the next). */
type PageScope = 'test' | 'file';

/**
 * One Chromium for a test file and its page for the given scope, closed after it: registers the
 * hooks and answers a stand-in for the page in use now, so the file writes `page.goto(…)` as if the
 * page were its own.
 */
function scopedPage(scope: PageScope, options: BrowserContextOptions): Page {
  let browser: Browser | undefined;
  let current: Page | undefined;
  test.beforeAll(async () => {
    browser = await launchChromium();
    if (scope === 'file') current = await browser.newPage(options);
  });
  test.afterAll(() => browser?.close());
  if (scope === 'test') {
    test.beforeEach(async () => {
      current = await browser!.newPage(options);
    });
    test.afterEach(() => current?.close());
  }
  const now = () => {
    if (!current) throw new Error(`the page exists only while the ${scope === 'test' ? 'test' : "file's tests"} run`);
    return current;
  };
  return new Proxy({} as Page, {
    get(_standIn, property) {
      const value: unknown = Reflect.get(now(), property, now());
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(now()) : value;
    },
    // playwright's own calls that take a page (newCDPSession) check it with instanceof
    getPrototypeOf: () => Object.getPrototypeOf(now()) as object,
  });
}

/** A fresh page for each test of the file. */
export const pagePerTest = (options: BrowserContextOptions = DESKTOP): Page => scopedPage('test', options);

/** One page for all the tests of the file, in order. */
export const pagePerFile = (options: BrowserContextOptions = DESKTOP): Page => scopedPage('file', options);

/** axe-core's serious and critical violations on the page as it stands, one line each. Legacy mode
 *  runs axe within the page: the default finishes its run in a new page of the page's context, which
 *  a page of `browser.newPage()` (most tests') refuses; cross-origin frames (Keycloak's hidden
 *  session check) are left out either way. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

// The admin's days on the Orders page (issue 54): a browser's date input writes the day in the
// browser's own order and digits (mm/dd/yyyy in the English Chromium the tests run), whatever the
// page's language. The day chosen is also written out under each input in the page's language and
// digits, and describes the input, so that a screen reader says it with the field's label.
import { expect, test } from '@bazar/testing/browser-test';
import { ACCOUNTS, browsingIn, launchChromium, openSignedIn } from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

let browser: Browser;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function ordersPage(language: 'en' | 'bn'): Promise<Page> {
  const context = await browsingIn(browser, language, 'laptop');
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await openSignedIn(page, '/dashboard/orders', ACCOUNTS.admin);
  return page;
}

test('on a Bangla page the days chosen read in Bangla words and digits beside their inputs, on a laptop and a phone', async () => {
  const page = await ordersPage('bn');
  const filters = page.getByRole('search', { name: 'অর্ডার খুঁজুন' });
  const from = filters.getByLabel('শুরুর তারিখ', { exact: true });
  const to = filters.getByLabel('শেষ তারিখ', { exact: true });
  await expect(from).toHaveAccessibleDescription('যেকোনো দিন');
  await expect(to).toHaveAccessibleDescription('যেকোনো দিন');

  // the days filter the list
  const filtered = page.waitForRequest((request) => /\/api\/allorders\?.*from=2026-12-01.*to=2026-12-07/.test(request.url()));
  await from.fill('2026-12-01');
  await to.fill('2026-12-07');
  await filtered;
  await expect(from).toHaveAccessibleDescription('১ ডিসে, ২০২৬');
  await expect(to).toHaveAccessibleDescription('৭ ডিসে, ২০২৬');
  await expect(filters.getByText('১ ডিসে, ২০২৬', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-order-dates-bn-1366.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(filters.getByText('৭ ডিসে, ২০২৬', { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await filters.screenshot({ path: 'test-results/admin-order-dates-bn-390.png' });

  // a day taken away is any day again
  await from.fill('');
  await expect(from).toHaveAccessibleDescription('যেকোনো দিন');
});

test('on an English page the day chosen is written out too, day before month', async () => {
  const page = await ordersPage('en');
  const filters = page.getByRole('search', { name: 'Find orders' });
  const from = filters.getByLabel('From', { exact: true });
  await expect(from).toHaveAccessibleDescription('Any day');
  await from.fill('2026-12-01');
  await expect(from).toHaveAccessibleDescription('1 Dec 2026');
});

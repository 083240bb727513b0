import { expect, test } from '@bazar/testing/browser-test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { catalogProducts, launchChromium, webUrl } from '@bazar/testing/pages';

let browser: Browser;
let page: Page;

test.beforeAll(async () => {
  browser = await launchChromium();
  await mkdir('test-results', { recursive: true });
});
test.afterAll(() => browser?.close());
test.beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
test.afterEach(() => page?.close());

test('the home page lists products that came from the catalog API', async () => {
  const products = await catalogProducts();
  expect(products.length).toBeGreaterThan(0);

  await page.goto(webUrl);
  const recentlySold = page.getByRole('region', { name: 'Recently Sold Items' });
  await recentlySold.getByRole('article').first().waitFor();

  const shownNames = await recentlySold.getByRole('heading', { level: 3 }).allTextContents();
  expect(shownNames).toEqual(products.slice(0, 10).map((p) => p.name));
  await page.evaluate(() => document.fonts.ready);
  const shot = await page.screenshot({ path: 'test-results/home.png', fullPage: true });
  // the proof in the test output: where the picture of the home page is, and that it is one
  console.log(`home page screenshot: ${resolve('test-results/home.png')} (${shot.length} bytes, products: ${shownNames.join(', ')})`);
});

test('an unknown address shows the not-found screen inside the store layout', async () => {
  await page.goto(`${webUrl}/no-such-aisle`);
  await expect(page.getByRole('heading', { name: "OOOPPS! THIS PAGE CAN'T BE FOUND." }).textContent()).resolves.toBeTruthy();
  await page.getByText('It looks like nothing was found at this location.').waitFor();
  await page.getByRole('link', { name: 'Go To Home' }).click();
  await page.waitForURL(`${webUrl}/`);
  await page.getByRole('heading', { name: 'Recently Sold Items' }).waitFor();
});

test('the top-bar search shows the products the catalog finds', async () => {
  const found = (await catalogProducts('dal')).map((p) => p.name);
  expect(found.length).toBeGreaterThan(0);

  await page.goto(webUrl);
  await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).fill('dal');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(`${webUrl}/search?search=dal`);
  await page.getByRole('heading', { name: 'Results for “dal”' }).waitFor();
  await page.getByRole('article').first().waitFor();
  expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual(found);
});

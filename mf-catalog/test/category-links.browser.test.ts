// A category's page is reached by links, not only by typing its address: a product's page names its
// category above the product as a link (in Bangla by the category's Bangla name), and each product
// card on the home page links its category; either opens the category's page.
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
  browsingIn,
  launchChromium,
  publishProductAs,
  removeProduct,
  signedInAndSynced,
  stackEnv,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';

let browser: Browser;
let fish: TestProduct;

test.beforeAll(async () => {
  browser = await launchChromium();
  fish = await publishProductAs(await signedInAndSynced(ACCOUNTS.admin), {
    name: `Padma Hilsa 1 kg ${Date.now()}`,
    price: 1450,
    quantity: 6,
    description: 'Caught in the Padma this week.',
    category: 'Fish',
  });
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(fish);
});

const category = (page: Page) => new URL(page.url()).searchParams.get('category');

test("a product's page links its category, in English and in Bangla", async () => {
  for (const [language, shelf] of [
    ['en', 'Fish'],
    ['bn', 'মাছ'],
  ] as const) {
    const context = await browsingIn(browser, language, 'phone');
    const page = await context.newPage();
    await page.goto(`${stackEnv.webUrl}/product-details/${fish._id}`);
    const trail = page.getByRole('navigation', { name: language === 'en' ? 'You are here' : 'আপনি এখানে' });
    await page.screenshot({ path: `test-results/category-breadcrumb-${language}-390.png` });
    await trail.getByRole('link', { name: shelf, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    expect(category(page)).toBe('Fish');
    await page.getByRole('heading', { level: 1, name: shelf, exact: true }).waitFor();
    await context.close();
  }
});

test("a product card on the home page links its category's page", async () => {
  const context = await browsingIn(browser, 'en', 'phone');
  const page = await context.newPage();
  await page.goto(stackEnv.webUrl);
  const link = page
    .getByRole('region', { name: 'Recently Sold Items' })
    .getByRole('article')
    .locator('a[href^="/search?category="]')
    .first();
  const shelf = (await link.textContent())!;
  await link.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/category-card-en-390.png' });
  await link.click();
  await page.waitForURL((url) => url.pathname === '/search');
  expect(category(page)).toBeTruthy();
  await page.getByRole('heading', { level: 1, name: shelf, exact: true }).waitFor();
  await context.close();
});

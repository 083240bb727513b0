// A category's page a page at a time, in Chromium on a 390 px phone and on a laptop: 26 products of
// the test's own category (published through the API by an admin account of the test's own, so its
// writes are counted apart from the other tests'), 24 a page; the next page, another sort, and Back
// to what was shown before, with the address saying which page and sort each time.
import { expect, seriousViolations, test } from '@bazar/testing/browser-test';
import { DEFAULT_PAGE_SIZE } from '@bazar/contracts';
import {
  createAdminAccount,
  deleteStoreAccount,
  launchChromium,
  publishProductAs,
  removeProduct,
  servedAs,
  signedInAndSynced,
  stackEnv,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

const STAMP = Date.now();
const CATEGORY = `Test Shelf ${STAMP}`;
const COUNT = DEFAULT_PAGE_SIZE + 2;

let browser: Browser;
let page: Page;
let publisher: Credentials | undefined;
/** in the shelf's order, the order they were published in */
const shelf: (TestProduct & { price: number })[] = [];

test.beforeAll(async () => {
  test.setTimeout(60_000);
  browser = await launchChromium();
  publisher = await createAdminAccount('shelf publisher');
  const token = await signedInAndSynced(publisher);
  for (let n = 1; n <= COUNT; n++) {
    // prices out of the shelf's order, all different, so each sort shows another first page
    const price = 40 + ((n * 7) % COUNT) * 5;
    const name = `Test Chira ${String(n).padStart(2, '0')} ${STAMP}`;
    const published = await publishProductAs(token, {
      name,
      price,
      quantity: 10,
      description: 'Flattened rice, published by the browsing test.',
      category: CATEGORY,
    });
    shelf.push({ ...published, price });
  }
});
test.afterAll(async () => {
  await browser?.close();
  for (const product of shelf) await removeProduct(product);
  await deleteStoreAccount(publisher);
});
test.afterEach(() => page?.close());

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };

const names = (products: typeof shelf) => products.map((product) => product.name);
const byPrice = () => [...shelf].sort((a, b) => a.price - b.price);

/** The product names the page shows, once they are `expected` (or the wait's time is up). */
async function shownNames(expected: string[]): Promise<string[]> {
  const cards = page.getByRole('main').getByRole('article');
  await page
    .waitForFunction(
      (names) => [...document.querySelectorAll('main article h3')].map((heading) => heading.textContent).join('\n') === names.join('\n'),
      expected,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  return cards.getByRole('heading').allTextContents();
}

/** The address's query, as a plain object. */
const query = () => Object.fromEntries(new URL(page.url()).searchParams);

for (const [device, options] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test(`on a ${device}: next page, another sort, and Back to each page seen before`, async () => {
    page = await browser.newPage(options);
    await page.goto(`${stackEnv.webUrl}/search?${new URLSearchParams({ category: CATEGORY })}`);
    await page.getByRole('heading', { level: 1, name: CATEGORY }).waitFor();
    expect(await shownNames(names(shelf.slice(0, 24)))).toEqual(names(shelf.slice(0, 24)));
    expect(await page.getByText(`Showing 1–24 of ${COUNT} products`).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous' }).count()).toBe(0);

    // a phone shows where it is between Previous and Next; a laptop the page numbers too
    const pages = page.getByRole('navigation', { name: 'Pages' });
    if (device === 'phone') {
      expect(await pages.getByText('Page 1 of 2').isVisible()).toBe(true);
      await pages.getByRole('link', { name: 'Next' }).click();
    } else {
      expect(await pages.getByText('1', { exact: true }).getAttribute('aria-current')).toBe('page');
      await pages.getByRole('link', { name: 'Page 2' }).click();
    }
    expect(await shownNames(names(shelf.slice(24)))).toEqual(names(shelf.slice(24)));
    expect(query()).toEqual({ category: CATEGORY, page: '2' });
    expect(await page.getByText(`Showing 25–${COUNT} of ${COUNT} products`).isVisible()).toBe(true);
    // the keyboard starts again at the top of the new page
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/browse-${device}-page-2.png`, fullPage: true });

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    expect(await shownNames(names(byPrice().slice(0, 24)))).toEqual(names(byPrice().slice(0, 24)));
    expect(query()).toEqual({ category: CATEGORY, sort: 'price-asc' });
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-asc');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/browse-${device}-by-price.png` });

    await page.goBack();
    expect(await shownNames(names(shelf.slice(24)))).toEqual(names(shelf.slice(24)));
    expect(query()).toEqual({ category: CATEGORY, page: '2' });
    expect(await page.getByLabel('Sort by').inputValue()).toBe('');

    await page.goBack();
    expect(await shownNames(names(shelf.slice(0, 24)))).toEqual(names(shelf.slice(0, 24)));
    expect(query()).toEqual({ category: CATEGORY });

    await page.goForward();
    await page.goForward();
    expect(await shownNames(names(byPrice().slice(0, 24)))).toEqual(names(byPrice().slice(0, 24)));
    expect(query()).toEqual({ category: CATEGORY, sort: 'price-asc' });
  });
}

test("the home page asks for the shelf's first 16 products only, once (or not at all when it came rendered with them as they are)", async () => {
  page = await browser.newPage(LAPTOP);
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products') reads.push(url.search);
  });
  // a page marked as showing counts of units left that changed since reads them again once hydrated
  const broughtThem = servedAs(await (await page.goto(stackEnv.webUrl))!.text()) === 'rendered';
  await page.getByRole('region', { name: 'Our Featured Items' }).getByRole('article').first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(broughtThem ? [] : ['?pageSize=16']);
});

test('a page past the last one says so and leads to the last page', async () => {
  page = await browser.newPage(LAPTOP);
  await page.goto(`${stackEnv.webUrl}/search?${new URLSearchParams({ category: CATEGORY, page: '9' })}`);
  await page.getByText('There is no page 9.').waitFor();
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  expect(await shownNames(names(shelf.slice(24)))).toEqual(names(shelf.slice(24)));
  expect(query()).toEqual({ category: CATEGORY, page: '2' });
});

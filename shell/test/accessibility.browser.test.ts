// axe-core in Chromium on every route of the spec, signed out and signed in (shopper and admin), on a
// laptop and on a 390 px phone: no serious or critical violation, and every form field has a label
// (axe's `label` rule). The public pages on the phone also in Bangla, each page's <html lang> saying
// so.
import { expect, test } from '@bazar/testing/browser-test';
import { ProductList } from '@bazar/contracts';
import { ACCOUNTS } from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, seriousViolations, signIn, waitForPath, webUrl } from '@bazar/testing/pages';

let browser: Browser;
test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(() => browser?.close());

async function audit(context: BrowserContext, path: string, ready: (page: Page) => Promise<unknown>, lang?: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${webUrl}${path}`);
    await ready(page);
    const shownLang = await page.evaluate(() => document.documentElement.lang);
    const wrongLang = lang && !shownLang.startsWith(lang) ? [`${path}: <html lang="${shownLang}">, not ${lang}`] : [];
    return [...wrongLang, ...(await seriousViolations(page)).map((line) => `${path}: ${line}`)];
  } finally {
    await page.close();
  }
}

const main = (page: Page) => page.getByRole('main').waitFor();
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

const LAYOUTS = [
  ['a laptop', { viewport: { width: 1280, height: 900 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const;

for (const [screen, layout] of LAYOUTS)
  test(`public pages on ${screen}`, async () => {
    const [product] = ProductList.parse(await (await fetch(`${webUrl}/api/products`)).json());
    const context = await browser.newContext(layout);
    const found: string[] = [];
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      ['/', (page) => page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor()],
      ['/about', main],
      ['/blogs', main],
      ['/contact', main],
      ['/wishlist', main],
      ['/compare', main],
      [`/product-details/${product!._id}`, (page) => page.getByRole('button', { name: 'Add To Cart' }).waitFor()],
      [
        '/search?search=rice',
        async (page) => {
          await page.getByRole('heading', { name: 'Results for “rice”' }).waitFor();
          await page.getByRole('article').first().waitFor();
        },
      ],
      ['/no-such-page', heading("OOOPPS! THIS PAGE CAN'T BE FOUND.")],
      ['/login', (page) => page.locator('#username').waitFor()],
      ['/singup', (page) => page.getByRole('button', { name: 'Singup' }).waitFor()],
    ];
    for (const [path, ready] of pages) found.push(...(await audit(context, path, ready)));
    await context.close();
    expect(found).toEqual([]);
  });

// One test per page, each with its own time: eleven pages at a phone's size in one test (Keycloak's
// among them) took more than three minutes on a loaded CI machine, without saying which page was slow.
test.describe('public pages in Bangla on a 390 px phone', () => {
  let context: BrowserContext;
  let productPath: string;
  test.beforeAll(async () => {
    const [product] = ProductList.parse(await (await fetch(`${webUrl}/api/products`)).json());
    productPath = `/product-details/${product!._id}`;
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'bn-BD' });
  });
  test.afterAll(() => context?.close());

  const firstCard = (page: Page) => page.getByRole('article').first().waitFor();
  const pages: [string, (page: Page) => Promise<unknown>][] = [
    ['/', firstCard],
    ['/about', main],
    ['/blogs', main],
    ['/contact', main],
    ['/wishlist', main],
    ['/compare', main],
    ['the product page', (page) => page.getByRole('main').getByRole('button').first().waitFor()],
    ['/search?search=rice', firstCard],
    ['/no-such-page', (page) => page.getByRole('heading').first().waitFor()],
    ['/login', (page) => page.locator('#username').waitFor()],
    // Keycloak's form, not the store's page that hands over to it (its search form has a button too,
    // and axe run on a page that navigates away never answered)
    ['/singup', (page) => page.locator('#kc-register-form').getByRole('button').last().waitFor()],
  ];
  for (const [path, ready] of pages) {
    test(path, async () => {
      expect(await audit(context, path === 'the product page' ? productPath : path, ready, 'bn')).toEqual([]);
    });
  }
});

// One test per account and layout: both accounts in one took about 60 s on a slow CI run, the whole
// of a test's budget. An admin's ten pages alone then ran past it once too (an axe audit each), so
// each test has two minutes.
for (const [label, account] of [
  ['a shopper', ACCOUNTS.shopper],
  ['an admin', ACCOUNTS.admin],
] as const)
  for (const [screen, layout] of LAYOUTS) {
    test(`signed-in pages of ${label} on ${screen}`, async () => {
      test.setTimeout(120_000);
      const found: string[] = [];
      const context = await browser.newContext(layout);
      const page = await context.newPage();
      await page.goto(`${webUrl}/login`);
      await signIn(page, account);
      await waitForPath(page, '/');
      await page.close();
      const pages: [string, (page: Page) => Promise<unknown>][] = [
        ['/cart', heading('Your Cart')],
        ['/checkout', heading(/Billing Details/)],
        ['/dashboard/my-profile', (p) => p.getByRole('link', { name: 'Back Home Page' }).waitFor()],
        ['/dashboard/my-wallet', (p) => p.getByRole('link', { name: 'Back Home Page' }).waitFor()],
        ['/dashboard/my-review', (p) => p.getByRole('button', { name: 'Add Revire' }).waitFor()],
        ['/dashboard/my-orders', (p) => p.getByRole('link', { name: 'Back Home Page' }).waitFor()],
      ];
      if (account === ACCOUNTS.admin)
        pages.push(
          ['/dashboard/all-users', (p) => p.getByRole('table').waitFor()],
          ['/dashboard/add-product', (p) => p.getByRole('button', { name: 'Publist Product' }).waitFor()],
          ['/dashboard/add-offer', (p) => p.getByRole('button', { name: 'Add Offer' }).waitFor()],
          ['/dashboard/orders', (p) => p.getByRole('navigation', { name: 'Pages' }).waitFor()],
        );
      for (const [path, ready] of pages) found.push(...(await audit(context, path, ready)));
      await context.close();
      expect(found).toEqual([]);
    });
  }

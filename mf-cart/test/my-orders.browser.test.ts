// A shopper's side of the order lifecycle, in Chromium: checkout empties the cart badge at once and
// the order shows on My Orders as placed, with its deadline; cancelling it (after the spec's
// confirmation) ends its timeline and puts its units back, as the product page then shows.
import { expect, test } from '@bazar/testing/browser-test';
import {
  catalogProduct,
  chooseWhereAndWhen,
  createAccount,
  eventually,
  launchChromium,
  openSignedIn,
  placeOrder,
  publishProduct,
  removeProduct,
  stackEnv,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';

let browser: Browser;
let page: Page;
let product: TestProduct;
let shopper: Credentials;

test.beforeAll(async () => {
  browser = await launchChromium();
  [product, shopper] = await Promise.all([publishProduct('Rupchanda Soybean Oil 1 L', 4), createAccount('myorders')]);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});
test.beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
test.afterEach(() => page?.close());

// by its markup: while a dialog is open the rest of the page is hidden from role queries
const cartBadge = () => page.locator('header a[href="/cart"]');
const stockLine = (count: number) => page.getByRole('main').getByText(`${count} in stock`, { exact: true });

test('checkout empties the cart badge at once; the order waits on My Orders with its deadline', async () => {
  await openSignedIn(page, '/dashboard/my-orders', shopper);
  await page.getByText('You have not placed any orders yet.').waitFor();
  await page.goto(`${stackEnv.webUrl}/product-details/${product._id}`);
  await stockLine(4).waitFor();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'SuccessFully Added' })
    .waitFor();
  await cartBadge().getByText('1', { exact: true }).waitFor();

  await page.goto(`${stackEnv.webUrl}/checkout`);
  await chooseWhereAndWhen(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Order placed' }).getByText('Please go to my order page to pay').waitFor();
  // no reload: the server took the lines before answering, and the badge reads the cart again
  await cartBadge().getByText('0', { exact: true }).waitFor();

  await page.goto(`${stackEnv.webUrl}/dashboard/my-orders`);
  const card = page.getByRole('list').getByRole('listitem').filter({ hasText: product.name });
  await card.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]').getByText('Placed', { exact: true }).waitFor();
  await card.getByText(/^Confirm with Pay on delivery by /).waitFor();
  expect(await card.getByRole('button', { name: 'Pay on delivery' }).isEnabled()).toBe(true);
  expect(await card.getByRole('button', { name: 'Cancel order' }).isEnabled()).toBe(true);
  await page.screenshot({ path: 'test-results/my-orders-placed-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/my-orders-placed-390.png', fullPage: true });
});

test('the shopper cancels a placed order and sees its stock come back on the product page', async () => {
  const order = await placeOrder(shopper, product, 2);
  // 4 published, 1 held by the first test's order, 2 by this one
  await openSignedIn(page, '/dashboard/my-orders', shopper);
  await page.goto(`${stackEnv.webUrl}/product-details/${product._id}`);
  await stockLine(1).waitFor();

  // within the page from here on (no reload), so what refreshes the stock is the api's tags
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
  const card = page.getByRole('listitem', { name: `Order ${order._id}` });
  await card.getByRole('button', { name: 'Cancel order' }).click();
  const ask = page.getByRole('dialog', { name: 'Are you sure?' });
  await ask.getByText("You won't be able to revert this!").waitFor();
  await ask.getByRole('button', { name: 'Yes, cancel it!' }).click();
  await page.getByRole('dialog', { name: 'Cancelled!' }).waitFor();
  await page.keyboard.press('Escape');

  const timeline = card.getByRole('list', { name: 'Order status' });
  await timeline.locator('[aria-current="step"]').getByText('Cancelled', { exact: true }).waitFor();
  expect(await timeline.getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringMatching(/^Placed/),
    expect.stringMatching(/^Cancelled/),
  ]);
  expect(await card.getByRole('button', { name: /Cancel order|Pay on delivery/ }).count()).toBe(0);

  // The catalog takes the units back from the order's event, a moment after the cancel's answer.
  await eventually(async () => expect((await catalogProduct(product._id)).quantity).toBe(3));
  // back through the page's history: the product is read again, its units returned
  await page.goBack();
  await page.getByRole('heading', { name: /^Welcome to your Dashboard, / }).waitFor();
  await page.goBack();
  await stockLine(3).waitFor();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

// A product page left open shows stock that comes back: the last unit is in another shopper's
// order, so the page says 'Stock Out'; an admin cancels that order in a second browser, and the
// open page, never reloaded, shows the unit in stock and lets the shopper add it.
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
  createAccount,
  launchChromium,
  openSignedIn,
  placeOrder,
  publishProduct,
  removeProduct,
  stackEnv,
  type TestProduct,
} from '@bazar/testing';
import type { Order } from '@bazar/contracts';
import type { Browser } from 'playwright-core';

let browser: Browser;
let product: TestProduct;
let order: Order;

test.beforeAll(async () => {
  browser = await launchChromium();
  const [published, buyer] = await Promise.all([publishProduct('Chashi Aromatic Chinigura Rice 1 kg', 1), createAccount('livestock')]);
  product = published;
  order = await placeOrder(buyer, product, 1);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});

test("an admin's cancel puts the unit back on a shopper's open product page, without a reload", async () => {
  const shopper = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await shopper.goto(`${stackEnv.webUrl}/product-details/${product._id}`);
  const main = shopper.getByRole('main');
  await main.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await main.getByText('Stock Out', { exact: true }).waitFor();
  expect(await shopper.getByRole('button', { name: 'Add To Cart' }).isDisabled()).toBe(true);
  // a mark in the page's memory that a reload would wipe
  await shopper.evaluate(() => Object.assign(globalThis, { stillTheSamePage: true }));

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(admin, '/dashboard/orders', ACCOUNTS.admin);
  const orders = admin.getByRole('region', { name: 'Orders' });
  await orders.getByLabel('Order id, phone or email').fill(order._id);
  await orders.getByRole('button', { name: 'Search' }).click();
  await orders.getByRole('button', { name: new RegExp(order._id) }).click();
  await orders
    .getByRole('region', { name: `Order ${order._id}` })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await admin.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, cancel it!' }).click();

  await main.getByText('1 in stock', { exact: true }).waitFor({ timeout: 30_000 });
  expect(await shopper.getByRole('button', { name: 'Add To Cart' }).isEnabled()).toBe(true);
  expect(await shopper.evaluate(() => (globalThis as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await shopper.screenshot({ path: 'test-results/live-stock-390.png', fullPage: true });
});

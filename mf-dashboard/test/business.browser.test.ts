// The admin sees the business (issue 54, item 8), on the running stack, signed in through Keycloak:
// on a laptop the Orders page charts the last 30 days and names the best sellers (a product of the
// test's own among them, bought 99 at a time until it has sold more than the tenth best seller of
// the stack it runs on: a stack reused for many runs holds earlier runs' products, each bought as
// much), and downloads the filtered orders as CSV; All Users
// finds an account by the server's search; the Products list marks and filters what is low on
// stock. In English and in Bangla, on a laptop and a 390 px phone. The month follows a new order live.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@bazar/testing/browser-test';
import { MAX_LINE_QUANTITY, type Order, type SalesReport } from '@bazar/contracts';
import {
  ACCOUNTS,
  browsingIn,
  createAccount,
  gatewayCall,
  launchChromium,
  openSignedIn,
  placeOrder,
  publishProduct,
  removeProduct,
  signedInAndSynced,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** this run's, in the product's Bangla name: each run (and a retried file) publishes its own */
const RUN = String(Date.now()).slice(-6);
let browser: Browser;
let product: TestProduct;
let scarce: TestProduct;
let shopper: Credentials;
let order: Order;
/** the units of the test's product the orders of the test hold */
let unitsBought = 0;
let threshold: unknown;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  browser = await launchChromium();
  const adminToken = await signedInAndSynced(ACCOUNTS.admin);
  const { bestSellers } = (await gatewayCall('GET', '/salesreport', adminToken)).body as SalesReport;
  // more than the tenth best seller so far (none: ten are not named yet) puts it among the ten
  const toOutsell = bestSellers.length < 10 ? MAX_LINE_QUANTITY : Math.max(MAX_LINE_QUANTITY, bestSellers[9]!.units + 1);
  [product, scarce, shopper] = await Promise.all([
    // the units bought, with room for the live test's one
    publishProduct('Best Seller Atta 2 kg', toOutsell + 10, { name_bn: `সেরা আটা ${RUN}` }),
    publishProduct('Scarce Saffron 1 g', 3),
    createAccount('business'),
  ]);
  order = await placeOrder(shopper, product, MAX_LINE_QUANTITY);
  unitsBought = MAX_LINE_QUANTITY;
  // the rest by other shoppers, an order each (at most 99 a line, and a shopper holds at most
  // three unconfirmed orders), so that the shopper's own orders stay the two the test reads: the
  // one exported and the live one
  while (unitsBought < toOutsell) {
    const units = Math.min(MAX_LINE_QUANTITY, toOutsell - unitsBought);
    await placeOrder(await createAccount('business'), product, units);
    unitsBought += units;
  }
  // the report is made at most every few seconds, and the one read above is from before the orders
  const named = async () =>
    ((await gatewayCall('GET', '/salesreport', adminToken)).body as SalesReport).bestSellers.find(
      ({ productId }) => productId === product._id,
    )?.units;
  await expect.poll(named, { timeout: 20_000 }).toBe(unitsBought);
  threshold = (await gatewayCall('GET', '/storesettings', adminToken)).body;
});
test.afterAll(async () => {
  if (threshold) await gatewayCall('PUT', '/storesettings', await signedInAndSynced(ACCOUNTS.admin), threshold);
  for (const context of contexts) await context.close();
  await browser?.close();
  await removeProduct(product);
  await removeProduct(scarce);
});

async function laptop(language: 'en' | 'bn'): Promise<Page> {
  const context = await browsingIn(browser, language, 'laptop');
  await context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  return page;
}

test('on a laptop the admin sees a month of sales, the best sellers, and downloads the filtered orders', async () => {
  const page = await laptop('en');
  await openSignedIn(page, '/dashboard/orders', ACCOUNTS.admin);
  const month = page.getByRole('region', { name: 'Last 30 days' });
  await month.getByText(/^\d[\d,]* orders? · ৳/).waitFor();
  // the chart is drawn: uPlot's canvas, as wide as its panel
  const canvas = month.getByTestId('sales-chart').locator('canvas');
  // (drawn again when the month is read again, as orders of other tests come in: a canvas may be
  // replaced between two looks)
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(400);
  const best = page.getByRole('region', { name: 'Best sellers' });
  await best.getByText(product.name).waitFor();
  await expect(best.getByRole('listitem').filter({ hasText: product.name })).toContainText(`${unitsBought.toLocaleString('en')} units`);
  expect(await best.getByRole('listitem').count()).toBeLessThanOrEqual(10);
  // most units first: none named after it sold more
  const unitsListed = (await best.getByRole('listitem').allInnerTexts()).map((text) =>
    Number(/([\d,]+) units?/.exec(text)![1]!.replaceAll(',', '')),
  );
  expect(unitsListed).toEqual(unitsListed.toSorted((a, b) => b - a));
  // the same figures as a table, for a screen reader
  await month.getByText('Show the figures as a table').click();
  await expect(month.getByRole('table')).toContainText('Revenue');
  await page.screenshot({ path: 'test-results/admin-business-1366.png', fullPage: true });

  // the filtered orders as a file: this shopper's, found by their email
  const orders = page.getByRole('region', { name: 'Orders' });
  await orders.getByLabel('Order id, phone or email').fill(shopper.email);
  await orders.getByRole('button', { name: 'Search' }).click();
  await orders.getByText(/^Page 1 of 1 · 1 order$/).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), orders.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bazar-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await readFile((await download.path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8, said so for spreadsheets
  const rows = file.subarray(3).toString('utf8').trim().split('\r\n');
  expect(rows[0]).toBe(
    'Order,Placed (Bangladesh time),Status,Name,Email,Phone,Items,Units,Subtotal (BDT),VAT (BDT),Delivery (BDT),Total (BDT),Note,' +
      'Delivery slot (Bangladesh time),District,Area,Address,Delivery phone',
  );
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(`${order._id},`);
  expect(rows[1]).toContain(`,99 x ${product.name},99,`);
});

// Seen on the stack: a shopper's order arrived on the Orders page live and today's figures counted
// it, while 'Last 30 days' above the same list stayed one order behind until a reload.
test('the month counts a new order live, as today’s figures do', async () => {
  const page = await laptop('en');
  await openSignedIn(page, '/dashboard/orders', ACCOUNTS.admin);
  await page.getByText('Live updates on').waitFor();
  const totals = page.getByRole('region', { name: 'Last 30 days' }).getByText(/^\d[\d,]* orders? · ৳/);
  const ordersInTheMonth = async () => Number((await totals.innerText()).split(' ')[0]!.replaceAll(',', ''));
  const before = await ordersInTheMonth();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await placeOrder(shopper, product, 1);
  await expect.poll(ordersInTheMonth, { timeout: 15_000 }).toBeGreaterThan(before);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('in Bangla the admin finds an account by search, and the month and the low stock read in Bangla, phone too', async () => {
  const page = await laptop('bn');
  await openSignedIn(page, '/dashboard/all-users', ACCOUNTS.admin);
  const users = page.getByRole('region', { name: 'সব ব্যবহারকারী' });
  await users.getByRole('table').waitFor();
  await users.getByLabel('ইমেইল বা নাম দিয়ে খুঁজুন').fill(shopper.email.toUpperCase());
  await users.getByRole('button', { name: 'খুঁজুন' }).click();
  await users.getByText(/^১ পাতার ১ নম্বর · ১ জন ব্যবহারকারী$/).waitFor();
  await expect(users.getByRole('row')).toHaveCount(2); // the header and the one found
  await expect(users.getByRole('row').nth(1)).toContainText(shopper.email);
  await page.screenshot({ path: 'test-results/admin-users-search-bn.png', fullPage: true });

  await page.goto(page.url().replace('/dashboard/all-users', '/dashboard/orders'));
  await page.getByRole('heading', { name: 'গত ৩০ দিন' }).waitFor();
  await page.getByTestId('sales-chart').locator('canvas').waitFor();
  await page.getByRole('region', { name: 'সবচেয়ে বেশি বিক্রি' }).getByText(`সেরা আটা ${RUN}`).waitFor();
  await page.screenshot({ path: 'test-results/admin-business-bn-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'CSV ডাউনলোড' }).waitFor();
  // the chart follows its panel's width (once its ResizeObserver has heard of the new one): nothing wider than the phone
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/admin-business-bn-390.png', fullPage: true });

  // the low-stock threshold: the scarce product (3 left) is marked under 5, and the filter shows it
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(page.url().replace('/dashboard/orders', '/dashboard/products'));
  await page.getByLabel('মজুদ কম ধরা হবে এর নিচে').fill('5');
  await page.getByRole('button', { name: 'সংরক্ষণ' }).click();
  await page.getByText('সীমা সংরক্ষিত হয়েছে').waitFor();
  await page.getByLabel('শুধু কম মজুদের পণ্য').check();
  const low = page.getByRole('list', { name: 'কম মজুদের পণ্য, সবচেয়ে কম আগে' });
  const row = low.getByRole('listitem').filter({ hasText: scarce.name });
  await expect(row).toContainText('মজুদ কম');
  expect(page.url()).toContain('low=1');
  await page.screenshot({ path: 'test-results/admin-low-stock-bn.png', fullPage: true });
});

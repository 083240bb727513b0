// After an order (issue 54, items 5 and 6), in Chromium, signed in through Keycloak: Buy again from
// My Orders puts the order's lines back into the cart and names the one sold out since; the receipt
// page in Bangla on a 390 px phone, printed without the store's frame, and its PDF downloaded.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@bazar/testing/browser-test';
import {
  browsingIn,
  createAccount,
  gatewayCall,
  launchChromium,
  openSignedIn,
  publishProduct,
  removeProduct,
  signedInAndSynced,
  stackEnv,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import { dhakaDay, slotsOn, type Order, type PlaceOrderAnswer } from '@bazar/contracts';
import type { Browser, Page } from 'playwright-core';

let browser: Browser;
let page: Page;
let rice: TestProduct;
let lastJar: TestProduct;
let shopper: Credentials;
let order: Order;

/** An order of two pieces of rice and the shelf's only jar of ghee, through the gateway, to an
 *  address in Dhanmondi tomorrow afternoon. */
async function orderBoth(): Promise<Order> {
  const token = await signedInAndSynced(shopper);
  for (const [product, cartQuantity] of [
    [rice, 2],
    [lastJar, 1],
  ] as const) {
    const added = await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity });
    expect(added.status).toBe(201);
  }
  const placed = await gatewayCall('POST', '/orderplace', token, {
    name: shopper.fullName,
    email: shopper.email,
    phone: '01712345678',
    addinfo: 'Ring twice',
    address: { district: 'Dhaka', area: 'Dhanmondi', road: 'House 12, Road 5', flat: '3B', phone: '01712345678' },
    slot: slotsOn(dhakaDay(new Date(), 1))[3],
  });
  expect(placed.status).toBe(201);
  return (placed.body as PlaceOrderAnswer).order;
}

/** The receipt's amount rows, top to bottom, by their labels. */
const amountLabels = () => page.locator('article.receipt-sheet dl').last().locator('dt').allTextContents();

test.beforeAll(async () => {
  browser = await launchChromium();
  [rice, lastJar, shopper] = await Promise.all([
    publishProduct('Chinigura Rice 1 kg', 10, { name_bn: 'চিনিগুঁড়া চাল ১ কেজি' }),
    publishProduct('Aarong Ghee 200 g', 1, { name_bn: 'আড়ং ঘি ২০০ গ্রাম' }),
    createAccount('afterorder'),
  ]);
  order = await orderBoth();
});
test.afterAll(async () => {
  await browser?.close();
  await Promise.all([removeProduct(rice), removeProduct(lastJar)]);
});
test.afterEach(() => page?.close());

test('Buy again from My Orders puts the lines back in the cart and names the one sold out', async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openSignedIn(page, '/dashboard/my-orders', shopper);
  const card = page.getByRole('list').getByRole('listitem').filter({ hasText: rice.name });
  await card.getByRole('button', { name: 'Buy again' }).click();

  // the ghee's only jar is in the order itself: nothing is left of it
  const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
  await dialog.getByText(`1 item is back in your cart at today's price. ${lastJar.name} is out of stock.`).waitFor();
  await page.screenshot({ path: 'test-results/buy-again-1280.png' });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.locator('header a[href="/cart"]').getByText('2', { exact: true }).waitFor();

  await page.goto(`${stackEnv.webUrl}/cart`);
  await page.getByRole('main').getByText(rice.name).waitFor();
  expect(await page.getByRole('main').getByText(lastJar.name).count()).toBe(0);
});

test('Buy again in Bangla on a phone names the sold-out line by its Bangla name', async () => {
  const context = await browsingIn(browser, 'bn', 'phone');
  page = await context.newPage();
  await openSignedIn(page, '/dashboard/my-orders', shopper);
  const card = page.getByRole('listitem', { name: `অর্ডার ${order._id}` });
  await card.getByRole('link', { name: 'রসিদ' }).waitFor();
  await card.screenshot({ path: 'test-results/my-order-card-bn-390.png' });
  await card.getByRole('button', { name: 'আবার কিনুন' }).click();
  const dialog = page.getByRole('dialog', { name: 'কার্টে যোগ হয়েছে' });
  await dialog.getByText('১টি পণ্য আজকের দামে আপনার কার্টে ফিরেছে। আড়ং ঘি ২০০ গ্রাম স্টকে নেই।').waitFor();
  await page.screenshot({ path: 'test-results/buy-again-bn-390.png' });
  await dialog.getByRole('button', { name: 'ঠিক আছে' }).click();
  // the rice line grew by the order's two pieces again
  await page.locator('header a[href="/cart"]').getByText('৪', { exact: true }).waitFor();
  await context.close();
});

test('the receipt page in Bangla on a phone: printed without the store’s frame, and kept as a PDF', async () => {
  const context = await browsingIn(browser, 'bn', 'phone');
  page = await context.newPage();
  await openSignedIn(page, `/receipt/${order._id}`, shopper);
  const sheet = page.locator('article.receipt-sheet');
  await sheet.getByRole('heading', { name: 'রসিদ' }).waitFor();
  await sheet.getByText(order._id).waitFor();
  await sheet.getByText('চিনিগুঁড়া চাল ১ কেজি').waitFor();
  await sheet.getByText('আড়ং ঘি ২০০ গ্রাম').waitFor();
  // where and when, in Bangla: the area and district by their Bangla names, the slot as its hours
  await sheet.getByText(/ধানমন্ডি, ঢাকা/).waitFor();
  await sheet
    .getByTestId('order-slot')
    .getByText(/আগামীকাল/)
    .waitFor();
  const taka = new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT', currencyDisplay: 'narrowSymbol' });
  expect(await page.getByTestId('receipt-total').textContent()).toBe(taka.format(order.total));
  // the amounts in the order the cart and checkout show them
  expect(await amountLabels()).toEqual(['উপমোট', 'ডেলিভারি চার্জ', 'ভ্যাট', 'সর্বমোট']);
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/receipt-bn-390.png', fullPage: true });

  // on paper: the receipt alone
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('header').first().isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'প্রিন্ট করুন' }).isVisible()).toBe(false);
  await page.screenshot({ path: 'test-results/receipt-bn-390-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // the PDF, in the page's language, rendered to a picture to be looked at
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'পিডিএফ ডাউনলোড' }).click()]);
  expect(download.suggestedFilename()).toBe(`bazar-receipt-${order._id}.pdf`);
  mkdirSync('test-results', { recursive: true });
  await download.saveAs('test-results/receipt-bn.pdf');
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', 'test-results/receipt-bn.pdf', 'test-results/receipt-bn-pdf']);
  await context.close();
});

test('the receipt page in English lists Delivery before VAT, as checkout does', async () => {
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await openSignedIn(page, `/receipt/${order._id}`, shopper);
  await page.locator('article.receipt-sheet').getByRole('heading', { name: 'Receipt' }).waitFor();
  expect(await amountLabels()).toEqual(['Subtotal', 'Delivery', 'VAT', 'Total']);
  await page.screenshot({ path: 'test-results/receipt-en-390.png', fullPage: true });
});

test('another shopper’s receipt is answered as no such order', async () => {
  const stranger = await createAccount('stranger');
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openSignedIn(page, `/receipt/${order._id}`, stranger);
  await page.getByRole('heading', { name: 'No such order' }).waitFor();
  expect(await page.getByText(order._id).count()).toBe(0);
});

// A refusal of Place Order, confirm or cancel in the shopper's language, in Chromium at 390 px. In
// English the dialog holds the server's words; in Bangla, the refusals the store knows by their
// contract in Bangla: the catalog's stock refusal (each product short by its Bangla name, with Bangla
// digits), an account whose email address is not verified yet, too many orders awaiting
// confirmation, an order moved on meanwhile (its page not told: its live stream cut), a service away
// (503) and an earlier press of Place Order still placing the order (409), the last two made here at
// the page: the stack itself is untouched.
import { ORDER_STILL_PLACING } from '@bazar/contracts';
import { expect, test } from '@bazar/testing/browser-test';
import {
  animationsEnded,
  ACCOUNTS,
  createAccount,
  gatewayCall,
  launchChromium,
  openSignedIn,
  browsingIn,
  chooseWhereAndWhen,
  placeOrder,
  publishProduct,
  removeProduct,
  SignedInAccount,
  signedInAndSynced,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';

const BANGLA_NAME = 'কাগজি লেবু';

let browser: Browser;
let product: TestProduct;
/** plenty on the shelf, for the orders placed before a test */
let stocked: TestProduct;
// Storefront tokens live a minute and a file runs for several: the admin's token is renewed at use.
const admin = new SignedInAccount(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
/** two of the product in the cart, one left on the shelf */
let shortOfStock: Credentials;
let unverified: Credentials;

test.beforeAll(async () => {
  browser = await launchChromium();
  [product, stocked, shortOfStock, unverified] = await Promise.all([
    publishProduct('Kagzi Lime', 3, { name_bn: BANGLA_NAME }),
    publishProduct('Miniket Rice', 50),
    createAccount('shortstock'),
    createAccount('unverified', undefined, { emailVerified: false }),
    signedInAndSynced(ACCOUNTS.admin),
  ]);
  for (const [shopper, units] of [
    [shortOfStock, 2],
    [unverified, 1],
  ] as const) {
    const token = await signedInAndSynced(shopper);
    expect((await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: units })).status).toBe(201);
  }
  // sold elsewhere meanwhile: one of the two in the first cart is left
  expect((await gatewayCall('PATCH', `/products/${product._id}`, await admin.freshToken(), { quantity: 1 })).status).toBe(200);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
  await removeProduct(stocked);
});

/** The shopper's checkout in `language`, Place Order pressed; the refusal's dialog and the server's words. */
async function placeOrderIn(
  language: 'en' | 'bn',
  shopper: Credentials,
  prepare: (page: Page) => Promise<unknown> = async () => undefined,
) {
  const page = await (await browsingIn(browser, language)).newPage();
  await prepare(page);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orderplace');
  await openSignedIn(page, '/checkout', shopper);
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[form="billing"]')?.disabled);
  await chooseWhereAndWhen(page);
  await page.locator('button[form="billing"]').click();
  const { error } = (await (await answer).json()) as { error: string };
  return { page, dialog: page.getByRole('dialog'), error };
}

test('in English, a stock refusal shows the server’s words', async () => {
  const { page, dialog, error } = await placeOrderIn('en', shortOfStock);
  expect(error).toBe(`Only 1 left of ${product.name}`);
  await dialog.getByText(error, { exact: true }).waitFor();
  await page.context().close();
});

test('in Bangla, a stock refusal names the product in Bangla with Bangla digits', async () => {
  const { page, dialog } = await placeOrderIn('bn', shortOfStock);
  await dialog.getByText(`${BANGLA_NAME}: আর মাত্র ১টি আছে`, { exact: true }).waitFor();
  // the dialog drawn whole, past its opening animation
  await animationsEnded(page);
  await page.screenshot({ path: 'test-results/checkout-short-bn.png' });
  await page.context().close();
});

test('in Bangla, an account not verified yet is asked in Bangla to open the link sent to it', async () => {
  const { page, dialog, error } = await placeOrderIn('bn', unverified);
  expect(error).toMatch(/^Verify your email address before you order/);
  await dialog.getByText(`অর্ডার দেওয়ার আগে আপনার ইমেইল ঠিকানা যাচাই করুন: ${unverified.email} ঠিকানায় পাঠানো লিংকটি খুলুন`).waitFor();
  await page.context().close();
});

test('in Bangla, a service away is said in Bangla', async () => {
  const { page, dialog } = await placeOrderIn('bn', shortOfStock, (page) =>
    page.route('**/api/orderplace', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The order service is unavailable; try again shortly', code: 'service-away' }),
      }),
    ),
  );
  await dialog.getByText('স্টোরের এই অংশটি এখন সাড়া দিচ্ছে না; একটু পরে আবার চেষ্টা করুন').waitFor();
  await page.context().close();
});

test('in Bangla, an order still being placed by an earlier press is said in Bangla', async () => {
  const { page, dialog } = await placeOrderIn('bn', shortOfStock, (page) =>
    page.route('**/api/orderplace', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: ORDER_STILL_PLACING, code: 'order-still-placing' }),
      }),
    ),
  );
  await dialog.getByText('এই অর্ডারটি এখনও দেওয়া হচ্ছে; একটু পরে আমার অর্ডারে দেখুন').waitFor();
  await animationsEnded(page);
  await page.screenshot({ path: 'test-results/checkout-still-placing-bn.png' });
  await page.context().close();
});

test('in Bangla, a shopper holding three unconfirmed orders is told so in Bangla', async () => {
  const holding = await createAccount('holding');
  for (let i = 0; i < 3; i++) await placeOrder(holding, stocked, 1);
  const token = await signedInAndSynced(holding);
  expect((await gatewayCall('POST', '/addtocart', token, { productId: stocked._id, cartQuantity: 1 })).status).toBe(201);
  const { page, dialog, error } = await placeOrderIn('bn', holding);
  expect(error).toBe('You already have 3 orders waiting for confirmation; confirm or cancel one in My Orders first');
  await dialog.getByText('আপনার ৩টি অর্ডার নিশ্চিত হওয়ার অপেক্ষায় আছে; আমার অর্ডারে গিয়ে একটি নিশ্চিত বা বাতিল করুন, তারপর অর্ডার দিন').waitFor();
  await animationsEnded(page);
  await page.screenshot({ path: 'test-results/checkout-hold-limit-bn.png' });
  await page.context().close();
});

test('in Bangla, confirming or cancelling an order the store moved on meanwhile is refused in Bangla, naming where it stands', async () => {
  const shopper = await createAccount('movedon');
  const [toConfirm, toCancel] = [await placeOrder(shopper, stocked, 1), await placeOrder(shopper, stocked, 1)];
  const context = await browsingIn(browser, 'bn');
  const page = await context.newPage();
  // the page hears of no move: as a shopper whose connection dropped the stream
  await page.route('**/api/orders/live', (route) => route.abort());
  await openSignedIn(page, '/dashboard/my-orders', shopper);
  const card = (id: string) => page.getByRole('listitem', { name: `অর্ডার ${id}` });
  await card(toCancel._id).getByRole('button', { name: 'অর্ডার বাতিল করুন' }).waitFor();

  // each moved just before the shopper's press: a refusal has the page read the orders again
  const move = async (id: string, status: string) => gatewayCall('PUT', `/orderstatus/${id}`, await admin.freshToken(), { status });
  expect((await move(toConfirm._id, 'confirmed')).status).toBe(200);
  const readAgain = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/myorders');
  await card(toConfirm._id).getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }).click();
  await page.getByRole('dialog').getByText('এই অর্ডারের অবস্থা এখন: নিশ্চিত হয়েছে; এটি আর নিশ্চিত করা যাবে না').waitFor();
  await readAgain;
  await page.getByRole('dialog').getByRole('button', { name: 'ঠিক আছে' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  const cancel = card(toCancel._id).getByRole('button', { name: 'অর্ডার বাতিল করুন' });
  await cancel.waitFor();
  for (const status of ['confirmed', 'packed']) expect((await move(toCancel._id, status)).status).toBe(200);
  await cancel.click();
  await page.getByRole('dialog').getByRole('button', { name: 'হ্যাঁ, বাতিল করুন!' }).click();
  await page.getByRole('dialog').getByText('এই অর্ডারের অবস্থা এখন: প্যাক করা হয়েছে; এটি আর বাতিল করা যাবে না').waitFor();
  await animationsEnded(page);
  await page.screenshot({ path: 'test-results/my-orders-moved-on-bn.png' });
  await context.close();
});

// The top bar stays on screen (sticky, two rows on a phone): a field the browser refuses is scrolled
// to below it with its label, not under it, where its bubble pointed at the top bar and the field
// itself was hidden.
test('on a phone, a phone number the checkout refuses is shown below the top bar, not under it', async () => {
  const page = await (await browsingIn(browser, 'en')).newPage();
  await openSignedIn(page, '/checkout', shortOfStock);
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[form="billing"]')?.disabled);
  await chooseWhereAndWhen(page);
  const phone = page.getByLabel('Phone (optional)');
  await phone.fill('12345');
  await page.locator('button[form="billing"]').click();
  expect(await phone.evaluate((field: HTMLInputElement) => field.validity.valid)).toBe(false);
  const topBarBottom = await page.getByRole('banner').evaluate((bar) => bar.getBoundingClientRect().bottom);
  // the field and its label, above it
  const label = page.getByText('Phone (optional)', { exact: true });
  await expect.poll(() => label.evaluate((text) => text.getBoundingClientRect().top)).toBeGreaterThanOrEqual(topBarBottom);
  expect(await phone.evaluate((field) => field.getBoundingClientRect().bottom)).toBeLessThanOrEqual(844);
  await page.screenshot({ path: 'test-results/checkout-refused-phone-390.png' });
  await page.context().close();
});

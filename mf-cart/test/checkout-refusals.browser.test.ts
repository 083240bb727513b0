// A refusal of Place Order in the shopper's language, in Chromium at 390 px. In English the dialog
// holds the server's words; in Bangla, the refusals the store knows by their contract in Bangla: the
// catalog's stock refusal (each product short by its Bangla name, with Bangla digits), an account
// whose email address is not verified yet, and a service away (503, made here at the page: the
// stack itself is untouched).
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
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
import type { Browser, Page } from 'playwright-core';

const BANGLA_NAME = 'কাগজি লেবু';

let browser: Browser;
let product: TestProduct;
/** two of the product in the cart, one left on the shelf */
let shortOfStock: Credentials;
let unverified: Credentials;

test.beforeAll(async () => {
  browser = await launchChromium();
  [product, shortOfStock, unverified] = await Promise.all([
    publishProduct('Kagzi Lime', 3),
    createAccount('shortstock'),
    createAccount('unverified', undefined, { emailVerified: false }),
  ]);
  const admin = await signedInAndSynced(ACCOUNTS.admin);
  expect((await gatewayCall('PATCH', `/products/${product._id}`, admin, { name_bn: BANGLA_NAME })).status).toBe(200);
  for (const [shopper, units] of [
    [shortOfStock, 2],
    [unverified, 1],
  ] as const) {
    const token = await signedInAndSynced(shopper);
    expect((await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: units })).status).toBe(201);
  }
  // sold elsewhere meanwhile: one of the two in the first cart is left
  expect((await gatewayCall('PATCH', `/products/${product._id}`, admin, { quantity: 1 })).status).toBe(200);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});

/** The shopper's checkout in `language`, Place Order pressed; the refusal's dialog and the server's words. */
async function placeOrderIn(
  language: 'en' | 'bn',
  shopper: Credentials,
  prepare: (page: Page) => Promise<unknown> = async () => undefined,
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await context.addCookies([{ name: 'bazar.language', value: language, url: stackEnv.webUrl }]);
  const page = await context.newPage();
  await prepare(page);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orderplace');
  await openSignedIn(page, '/checkout', shopper);
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[form="billing"]')?.disabled);
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
  await page.waitForFunction(() => document.getAnimations().length === 0);
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
        body: JSON.stringify({ error: 'The order service is unavailable; try again shortly' }),
      }),
    ),
  );
  await dialog.getByText('স্টোরের এই অংশটি এখন সাড়া দিচ্ছে না; একটু পরে আবার চেষ্টা করুন').waitFor();
  await page.context().close();
});

// A stock refusal of Place Order in the shopper's language, in Chromium: the catalog's refusal names
// each product short and how many are left, in English as the server words it, and in Bangla by the
// product's Bangla name with Bangla digits (the server's `error` is English only).
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
import type { Browser } from 'playwright-core';

const BANGLA_NAME = 'কাগজি লেবু';

let browser: Browser;
let product: TestProduct;
let shopper: Credentials;

test.beforeAll(async () => {
  browser = await launchChromium();
  [product, shopper] = await Promise.all([publishProduct('Kagzi Lime', 2), createAccount('shortstock')]);
  const admin = await signedInAndSynced(ACCOUNTS.admin);
  expect((await gatewayCall('PATCH', `/products/${product._id}`, admin, { name_bn: BANGLA_NAME })).status).toBe(200);
  const token = await signedInAndSynced(shopper);
  expect((await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: 2 })).status).toBe(201);
  // sold elsewhere meanwhile: one of the two in the cart is left
  expect((await gatewayCall('PATCH', `/products/${product._id}`, admin, { quantity: 1 })).status).toBe(200);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});

for (const [language, words] of [
  ['en', () => `Only 1 left of ${product.name}`],
  ['bn', () => `${BANGLA_NAME}: আর মাত্র ১টি আছে`],
] as const) {
  test(`in ${language === 'en' ? 'English' : 'Bangla'}, Place Order with more in the cart than is left says what is left`, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await context.addCookies([{ name: 'bazar.language', value: language, url: stackEnv.webUrl }]);
    const page = await context.newPage();
    const answers: unknown[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/orderplace') answers.push(response.json());
    });
    await openSignedIn(page, '/checkout', shopper);
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[form="billing"]')?.disabled);
    await page.locator('button[form="billing"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(words(), { exact: true }).waitFor();
    // in English, the server's own words
    const [refusal] = (await Promise.all(answers)) as { error: string }[];
    if (language === 'en') expect(refusal?.error).toBe(words());
    else expect(refusal?.error).toBe(`Only 1 left of ${product.name}`);
    await page.screenshot({ path: `test-results/checkout-short-${language}.png` });
    await context.close();
  });
}

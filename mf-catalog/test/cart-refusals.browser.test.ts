// The cart's refusals of a quantity on a product card, in Chromium at 390 px: more than the shelf
// holds is refused with the server's words on an English page, and in Bangla on a Bangla page (the
// product by its Bangla name, with Bangla digits), from the refusal's `available`. Both through the
// real stack: the stepper asks for one more than is left, and Add is pressed on a product sold out
// after the page showed it. A line that kept changing under Add (other writes getting in first three
// times running, which no test can time) is answered at the page with the cart's contracted words.
import { CART_KEPT_CHANGING } from '@bazar/contracts';
import { expect, test } from '@bazar/testing/browser-test';
import {
  animationsEnded,
  ACCOUNTS,
  createAccount,
  gatewayCall,
  launchChromium,
  openSignedIn,
  browsingIn,
  publishProduct,
  removeProduct,
  SignedInAccount,
  signedInAndSynced,
  stackEnv,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';

const BANGLA_NAME = 'কাগজি লেবু';

let browser: Browser;
// Storefront tokens live a minute and a file runs for several: the admin's token is renewed at use.
const admin = new SignedInAccount(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
/** two on the shelf, both in the shopper's cart */
let inCart: TestProduct;
let shopper: Credentials;

test.beforeAll(async () => {
  browser = await launchChromium();
  [inCart, shopper] = await Promise.all([
    publishProduct('Kagzi Lime', 2, { name_bn: BANGLA_NAME }),
    createAccount('cartrefusal'),
    signedInAndSynced(ACCOUNTS.admin),
  ]);
  const token = await signedInAndSynced(shopper);
  expect((await gatewayCall('POST', '/addtocart', token, { productId: inCart._id, cartQuantity: 2 })).status).toBe(201);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(inCart);
});

/** The shopper's search for `product` in `language`, signed in, at a phone's width. */
async function searchIn(language: 'en' | 'bn', product: TestProduct, account: Credentials = shopper): Promise<Page> {
  const page = await (await browsingIn(browser, language)).newPage();
  await openSignedIn(page, '/cart', account);
  await page.goto(`${stackEnv.webUrl}/search?search=${encodeURIComponent(product.name)}`);
  return page;
}

const card = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });

for (const { language, name, oneMore, refusal } of [
  { language: 'en', name: () => inCart.name, oneMore: 'One more', refusal: () => `Only 2 of ${inCart.name} left` },
  { language: 'bn', name: () => BANGLA_NAME, oneMore: 'আরও একটি', refusal: () => `${BANGLA_NAME}: আর মাত্র ২টি আছে` },
] as const) {
  test(`in ${language === 'en' ? 'English' : 'Bangla'}, one more than the shelf holds is refused under the stepper, the line kept`, async () => {
    const page = await searchIn(language, inCart);
    const stepper = card(page, name()).getByRole('group');
    await stepper
      .locator('output')
      .filter({ hasText: language === 'en' ? '2' : '২' })
      .waitFor();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/cartquantity/'));
    await stepper.getByRole('button', { name: oneMore }).click();
    expect((await answer).status()).toBe(409);
    await card(page, name()).getByRole('alert').getByText(refusal(), { exact: true }).waitFor();
    await stepper
      .locator('output')
      .filter({ hasText: language === 'en' ? '2' : '২' })
      .waitFor();
    if (language === 'bn') await page.screenshot({ path: 'test-results/cart-refusal-stepper-bn.png' });
    await page.context().close();
  });
}

test('in Bangla, Add on a product sold out since the page showed it says so in Bangla', async () => {
  const soldOut = await publishProduct('Sold Out Lime', 1, { name_bn: BANGLA_NAME });
  try {
    const page = await searchIn('bn', soldOut, await createAccount('soldoutadd'));
    const add = card(page, BANGLA_NAME).getByRole('button', { name: 'যোগ করুন' });
    await add.waitFor();
    expect((await gatewayCall('PATCH', `/products/${soldOut._id}`, await admin.freshToken(), { quantity: 0 })).status).toBe(200);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/addtocart');
    await add.click();
    expect((await answer).status()).toBe(409);
    await page
      .getByRole('region', { name: /^Notifications|বিজ্ঞপ্তি/ })
      .getByText(`${BANGLA_NAME} স্টকে নেই`, { exact: true })
      .waitFor();
    await animationsEnded(page);
    await page.screenshot({ path: 'test-results/cart-refusal-add-bn.png' });
    await page.context().close();
  } finally {
    await removeProduct(soldOut);
  }
});

test('in Bangla, Add refused because the line kept changing says so in Bangla', async () => {
  const page = await searchIn('bn', inCart, await createAccount('keptchanging'));
  await page.route('**/api/addtocart', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: CART_KEPT_CHANGING, code: 'changed-meanwhile' }),
    }),
  );
  await card(page, BANGLA_NAME).getByRole('button', { name: 'যোগ করুন' }).click();
  await page
    .getByRole('region', { name: /^Notifications|বিজ্ঞপ্তি/ })
    .getByText('একই সময়ে অন্য কোথাও থেকে এটি বদলানো হয়েছে; আবার চেষ্টা করুন', { exact: true })
    .waitFor();
  await animationsEnded(page);
  await page.screenshot({ path: 'test-results/cart-refusal-kept-changing-bn.png' });
  await page.context().close();
});

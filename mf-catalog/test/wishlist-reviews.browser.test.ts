// The wishlist and product reviews in Chromium, through the real stack and Keycloak's sign-in, in
// English and Bangla, on a laptop and a 390 px phone: a card's heart keeps the product and the top
// bar's count follows, /wishlist lists it with Add to Cart and its heart takes it out; signed out,
// the heart asks to log in as Add to Cart does; a product of a delivered order is rated from My
// Orders, and its page then shows the stars, the count and the review (a product without one shows
// no stars). Screenshots go to test-results/.
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
  animationsEnded,
  browsingIn,
  createAccount,
  eventually,
  gatewayCall,
  launchChromium,
  openSignedIn,
  placeOrder,
  publishProduct,
  removeProduct,
  servedAs,
  SignedInAccount,
  signedInAndSynced,
  stackEnv,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';

const bangla = (digits: string) => digits.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!);

let browser: Browser;
// Storefront tokens live a minute and the file runs for several: the admin's token is renewed at use.
const admin = new SignedInAccount(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
const published: TestProduct[] = [];

test.beforeAll(async () => {
  browser = await launchChromium();
  await signedInAndSynced(ACCOUNTS.admin);
});
test.afterAll(async () => {
  await browser?.close();
  for (const product of published) await removeProduct(product);
});

/** A product of the test's own, its Bangla name as unique as its English one. */
async function productFor(label: string): Promise<TestProduct & { name_bn: string }> {
  const name_bn = `চিনিগুঁড়া চাল ${bangla(String(Date.now() % 1_000_000))}`;
  const product = await publishProduct(label, 20, { name_bn });
  published.push(product);
  return { ...product, name_bn };
}

const WORDS = {
  en: {
    keep: (name: string) => `Keep ${name} in your wishlist`,
    drop: (name: string) => `Remove ${name} from your wishlist`,
    add: 'Add',
    empty: /Your wishlist is empty/,
    logInFirst: 'Log In First',
    askToLogIn: 'Log in to keep products in your wishlist',
    rate: (name: string) => `Rate ${name}`,
    edit: (name: string) => `Edit your review of ${name}`,
    stars: (count: number) => `${count} stars`,
    save: 'Save review',
    thanks: 'Thanks for your review',
    rated: 'Rated 4 out of 5',
    oneReview: '(1 review)',
    digit: (n: number) => String(n),
    name: (product: TestProduct & { name_bn: string }) => product.name,
  },
  bn: {
    keep: (name: string) => `${name} পছন্দের তালিকায় রাখুন`,
    drop: (name: string) => `${name} পছন্দের তালিকা থেকে সরান`,
    add: 'যোগ করুন',
    empty: /আপনার পছন্দের তালিকা খালি/,
    logInFirst: 'আগে লগইন করুন',
    askToLogIn: 'পছন্দের তালিকায় পণ্য রাখতে লগইন করুন',
    rate: (name: string) => `${name}-এর রিভিউ দিন`,
    edit: (name: string) => `${name}-এর রিভিউ বদলান`,
    stars: (count: number) => `${'০১২৩৪৫'[count]} তারা`,
    save: 'রিভিউ সংরক্ষণ করুন',
    thanks: 'রিভিউয়ের জন্য ধন্যবাদ',
    rated: '৫-এর মধ্যে ৪ রেটিং',
    oneReview: '(১টি রিভিউ)',
    digit: (n: number) => bangla(String(n)),
    name: (product: TestProduct & { name_bn: string }) => product.name_bn,
  },
} as const;

/** The shopper signed in through Keycloak, in `language`, on `device`. */
async function signedInPage(account: Credentials, language: 'en' | 'bn', device: 'laptop' | 'phone'): Promise<Page> {
  const page = await (await browsingIn(browser, language, device)).newPage();
  await openSignedIn(page, '/dashboard/my-orders', account);
  return page;
}

// by its markup: while a dialog is open the rest of the page is hidden from role queries
const wishlistBadge = (page: Page) => page.locator('header a[href="/wishlist"]');
const cartBadge = (page: Page) => page.locator('header a[href="/cart"]');
const card = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });

for (const language of ['en', 'bn'] as const) {
  const words = WORDS[language];
  for (const device of ['laptop', 'phone'] as const) {
    test(`${language}, ${device}: the card's heart keeps the product, the top bar counts it, /wishlist lists it with Add to Cart`, async () => {
      const product = await productFor(`Wishlist Rice ${language} ${device}`);
      const name = words.name(product);
      const page = await signedInPage(await createAccount(`wish${language}${device}`), language, device);
      await wishlistBadge(page).getByText(words.digit(0), { exact: true }).waitFor();

      await page.goto(`${stackEnv.webUrl}/search?search=${encodeURIComponent(product.name)}`);
      const found = card(page, name);
      // the badge counts the heart before the server has answered; the fresh page below must not cut
      // the request short
      const kept = page.waitForResponse((response) => /\/api\/wishlist\//.test(response.url()) && response.request().method() === 'PUT');
      await found.getByRole('button', { name: words.keep(name) }).click();
      await wishlistBadge(page).getByText(words.digit(1), { exact: true }).waitFor();
      expect((await kept).ok()).toBe(true);
      await expect(found.getByRole('button', { name: words.drop(name) })).toHaveAttribute('aria-pressed', 'true');
      // no review yet: no stars on the card
      await expect(found.getByTestId('product-stars')).toHaveCount(0);

      // kept on the server: a fresh page reads the same count and lists it
      await page.goto(`${stackEnv.webUrl}/wishlist`);
      const listed = card(page, name);
      await listed.waitFor();
      await wishlistBadge(page).getByText(words.digit(1), { exact: true }).waitFor();
      await listed.getByRole('button', { name: words.add, exact: true }).click();
      await cartBadge(page).getByText(words.digit(1), { exact: true }).waitFor();
      await animationsEnded(page);
      await page.screenshot({ path: `test-results/wishlist-${language}-${device}.png`, fullPage: true });

      await listed.getByRole('button', { name: words.drop(name) }).click();
      await page.getByText(words.empty).waitFor();
      await wishlistBadge(page).getByText(words.digit(0), { exact: true }).waitFor();
      await page.close();
    });
  }

  test(`${language}, signed out: the heart asks to log in, as Add to Cart does, and keeps nothing`, async () => {
    const product = await productFor(`Signed Out Heart ${language}`);
    const name = words.name(product);
    const page = await (await browsingIn(browser, language, 'phone')).newPage();
    await page.goto(`${stackEnv.webUrl}/search?search=${encodeURIComponent(product.name)}`);
    await card(page, name)
      .getByRole('button', { name: words.keep(name) })
      .click();
    const dialog = page.getByRole('dialog', { name: words.logInFirst });
    await dialog.getByText(words.askToLogIn).waitFor();
    await animationsEnded(page);
    await page.screenshot({ path: `test-results/wishlist-signed-out-${language}.png` });
    await page.close();
  });
}

for (const [language, device] of [
  ['en', 'laptop'],
  ['bn', 'phone'],
  ['en', 'phone'],
  ['bn', 'laptop'],
] as const) {
  const words = WORDS[language];
  test(`${language}, ${device}: a delivered order's product is rated from My Orders, and its page shows the stars and the review`, async () => {
    const product = await productFor(`Reviewed Dal ${language} ${device}`);
    const name = words.name(product);
    const account = await createAccount(`review${language}${device}`);
    const order = await placeOrder(account, product, 1);
    const token = await signedInAndSynced(account);
    expect((await gatewayCall('PUT', `/orders/${order._id}/confirm`, token)).status).toBe(200);
    for (const status of ['packed', 'out-for-delivery', 'delivered'])
      expect((await gatewayCall('PUT', `/orderstatus/${order._id}`, await admin.freshToken(), { status })).status).toBe(200);

    const page = await signedInPage(account, language, device);
    const orderCard = page.getByRole('listitem').filter({ hasText: order._id }).first();
    await orderCard.getByRole('button', { name: words.rate(name) }).click();
    const form = orderCard.getByRole('form');
    // the star pictures are the radio buttons' labels
    await form
      .locator('label')
      .filter({ hasText: words.stars(4) })
      .click();
    await expect(form.getByRole('radio', { name: words.stars(4) })).toBeChecked();
    const text = language === 'en' ? 'Soft and clean, cooked well.' : 'পরিষ্কার ডাল, ভালো রান্না হয়েছে।';
    await form.getByRole('textbox').fill(text);
    await animationsEnded(page);
    await page.screenshot({ path: `test-results/review-form-${language}-${device}.png`, fullPage: true });
    await form.getByRole('button', { name: words.save }).click();
    await page
      .getByRole('region', { name: /^Notifications|^বিজ্ঞপ্তি/ })
      .getByText(words.thanks)
      .waitFor();
    await orderCard.getByRole('button', { name: words.edit(name) }).waitFor();

    await page.goto(`${stackEnv.webUrl}/product-details/${product._id}`);
    const main = page.getByRole('main');
    await main.getByRole('img', { name: words.rated }).first().waitFor();
    await main.getByText(words.oneReview, { exact: true }).waitFor();
    await main.getByText(text).waitFor();
    await animationsEnded(page);
    await page.screenshot({ path: `test-results/review-shown-${language}-${device}.png`, fullPage: true });

    // the product's card on a shelf shows the same stars
    await page.goto(`${stackEnv.webUrl}/search?search=${encodeURIComponent(product.name)}`);
    const shown = card(page, name);
    await shown.getByRole('img', { name: words.rated }).waitFor();
    await shown.getByText(words.oneReview, { exact: true }).waitFor();
    await page.close();

    if (language === 'en' && device === 'laptop') {
      // the page nginx serves rendered, before any script runs, carries them too once rendered again
      await eventually(async () => {
        const html = await (await fetch(`${stackEnv.webUrl}/product-details/${product._id}`)).text();
        expect(servedAs(html)).toBe('rendered');
        expect(html).toContain('(1 review)');
        expect(html).toContain('aria-label="Rated 4 out of 5"');
      }, 90_000);
    }
  });
}

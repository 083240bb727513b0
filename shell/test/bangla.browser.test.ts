// The store in Bangla: the top bar's switch turns the page to Bangla (<html lang="bn">, Bangla
// digits in prices, cart totals and order times), the choice holds after a reload, a browser set to
// Bangla starts in Bangla, and the pages pass the accessibility audit in Bangla. Screenshots of the
// Bangla store (home on a laptop and a 390 px phone, the cart, My Orders on the phone) go to
// test-results/.
import { expect, test } from '@bazar/testing/browser-test';
import {
  createAccount,
  launchChromium,
  openSignedIn,
  placeOrder,
  publishProduct,
  removeProduct,
  stackEnv,
  widthPastTheScreen,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { seriousViolations } from '@bazar/testing/pages';

const LAPTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, locale: 'en-US' };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' };

/** Bangla digits, as Intl.NumberFormat('bn-BD') writes them. */
const BANGLA_DIGITS = /[০-৯]/;

let browser: Browser;
let page: Page;
let product: TestProduct;
let shopper: Credentials;

test.beforeAll(async () => {
  browser = await launchChromium();
  [product, shopper] = await Promise.all([publishProduct('Chashi Aromatic Chinigura Rice 1 kg', 10), createAccount('bangla')]);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});
test.afterEach(() => page?.close());

const pageLanguage = () => page.evaluate(() => document.documentElement.lang);
const chooseLanguage = (name: 'Language' | 'ভাষা', language: 'en' | 'bn') =>
  page.getByRole('combobox', { name, exact: true }).selectOption(language);

test('a visitor switches to Bangla; the choice holds after a reload', async () => {
  page = await browser.newPage(LAPTOP);
  await page.goto(stackEnv.webUrl);
  await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
  expect(await pageLanguage()).toBe('en');

  await chooseLanguage('Language', 'bn');
  await page.getByRole('link', { name: 'লগইন', exact: true }).waitFor();
  expect(await pageLanguage()).toBe('bn');

  await page.reload();
  await page.getByRole('link', { name: 'লগইন', exact: true }).waitFor();
  expect(await pageLanguage()).toBe('bn');
  expect(await page.getByRole('combobox', { name: 'ভাষা', exact: true }).inputValue()).toBe('bn');
  await page.getByRole('heading', { name: 'সম্প্রতি বিক্রি হওয়া পণ্য' }).waitFor();
  // the product cards' prices: '১২০.০০৳'
  await page
    .getByRole('main')
    .getByText(/^[০-৯,]+\.[০-৯]{2}৳$/)
    .first()
    .waitFor();
  await page.getByRole('contentinfo').getByText('কপিরাইট ২০২২ © বাজার। সর্বস্বত্ব সংরক্ষিত।').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/bangla-laptop.png' });

  await page.goto(`${stackEnv.webUrl}/no-such-page`);
  await page.getByRole('heading', { name: 'দুঃখিত! পাতাটি খুঁজে পাওয়া যায়নি।' }).waitFor();
  await page.getByRole('link', { name: 'হোমে ফিরে যান' }).waitFor();

  await chooseLanguage('ভাষা', 'en');
  await page.getByRole('heading', { name: "OOOPPS! THIS PAGE CAN'T BE FOUND." }).waitFor();
  expect(await pageLanguage()).toBe('en');
});

test('a browser set to Bangla opens the store in Bangla', async () => {
  page = await browser.newPage({ ...LAPTOP, locale: 'bn-BD' });
  await page.goto(stackEnv.webUrl);
  await page.getByRole('link', { name: 'লগইন', exact: true }).waitFor();
  expect(await pageLanguage()).toBe('bn');
});

test('on a phone the switch is in view and the Bangla page fits the screen', async () => {
  page = await browser.newPage(PHONE);
  await page.goto(stackEnv.webUrl);
  const languageSwitch = page.getByRole('combobox', { name: 'Language', exact: true });
  expect(await languageSwitch.isVisible()).toBe(true);
  await languageSwitch.selectOption('bn');
  await page.getByRole('button', { name: 'মেনু খুলুন' }).waitFor();
  // the lower sections too, whose subscribe box once overflowed a phone
  await page.getByRole('button', { name: 'সাবস্ক্রাইব' }).waitFor();
  expect(await widthPastTheScreen(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/bangla-phone.png' });
});

test('a shopper sees the cart totals and order times in Bangla digits', async () => {
  // one order placed (2 pieces at ৳120), then one piece in the cart: 120 + 6 VAT + 70 delivery
  await placeOrder(shopper, product, 2);

  page = await browser.newPage(LAPTOP);
  await page.goto(stackEnv.webUrl);
  await chooseLanguage('Language', 'bn');
  await page.getByRole('link', { name: 'লগইন', exact: true }).waitFor();
  await openSignedIn(page, '/cart', shopper);
  await page.getByText('আপনার কার্ট এখনো খালি!').waitFor();
  await page.goto(`${stackEnv.webUrl}/product-details/${product._id}`);
  await page.getByText('স্টকে আছে ৮টি').waitFor();
  await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await page
    .getByRole('region', { name: /^বিজ্ঞপ্তি/ })
    .getByRole('listitem')
    .filter({ hasText: 'কার্টে যোগ হয়েছে' })
    .waitFor();

  await page.goto(`${stackEnv.webUrl}/cart`);

  await page.getByRole('heading', { name: 'আপনার কার্ট' }).waitFor();
  await page.getByText('১২০.০০৳ / পিস').waitFor();
  const summary = page.getByRole('complementary', { name: 'কার্টের হিসাব' });
  await summary.getByText('১৯৬.০০৳', { exact: true }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/bangla-cart.png', fullPage: true });

  await page.goto(`${stackEnv.webUrl}/dashboard/my-orders`);
  const card = page.getByRole('listitem').filter({ hasText: product.name });
  await card.getByText('অর্ডার হয়েছে', { exact: true }).first().waitFor();
  const placedAt = await card.locator('time').first().textContent();
  expect(placedAt).toMatch(BANGLA_DIGITS);
  expect(placedAt).not.toMatch(/[0-9]/);
  // 2 × ৳120 + ৳12 VAT + ৳70 delivery
  await card.getByText('সর্বমোট ৩২২.০০৳').waitFor();
  expect(await pageLanguage()).toBe('bn');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/bangla-my-orders-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await chooseLanguage('ভাষা', 'en');
  await page.getByRole('heading', { name: 'My Orders' }).waitFor();
  await card.getByText('Total ৳322.00').waitFor();
  expect(await card.locator('time').first().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
});

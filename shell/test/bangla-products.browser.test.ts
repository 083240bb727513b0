// A product's Bangla name and description, from the dashboard to the shelf, in Chromium: an admin
// of the test's own publishes a product with them through Add Product; in Bangla its card (with the
// card's own texts and the price in Bangla digits), its page, its cart line and its order line on
// My Orders and on the admin's Orders page show them, in English the English ones. Screenshots of the form and of the card and page in
// both languages go to test-results/.
import { expect, test } from '@bazar/testing/browser-test';
import {
  createAdminAccount,
  deleteStoreAccount,
  eventually,
  launchChromium,
  openSignedIn,
  placeOrder,
  removeProduct,
  type Credentials,
  runWords,
} from '@bazar/testing';
import { picture } from '@bazar/testing/pictures';
import type { Browser, Page } from 'playwright-core';
import { catalogProducts, webUrl } from '@bazar/testing/pages';

/** A word no other product has, in English and in Bangla. */
const { word: WORD, banglaWord: BANGLA_WORD } = runWords();
const PRODUCT = {
  name: `Test Kalijira Rice 1 kg ${WORD}`,
  description: 'Tiny black-grained aromatic rice for polao.',
  name_bn: `কালিজিরা চাল ১ কেজি ${BANGLA_WORD}`,
  description_bn: 'পোলাও আর পায়েসের জন্য ছোট দানার সুগন্ধি কালিজিরা চাল।',
};

let browser: Browser;
let page: Page;
let admin: Credentials | undefined;
let productId: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  browser = await launchChromium();
  admin = await createAdminAccount('bangla products');
});
test.afterAll(async () => {
  await browser?.close();
  if (productId) await removeProduct({ _id: productId, name: PRODUCT.name });
  await deleteStoreAccount(admin);
});

const chooseLanguage = (name: 'Language' | 'ভাষা', language: 'en' | 'bn') =>
  page.getByRole('combobox', { name, exact: true }).selectOption(language);
const card = (name: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

test('an admin adds a Bangla name and description in Add Product; the card, the page and the cart line show them in Bangla only', async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await openSignedIn(page, '/dashboard/add-product', admin!);
  const form = page.getByRole('region', { name: 'Add Product' });
  await form.getByLabel('Product Name').fill(PRODUCT.name);
  await form.getByLabel('Price').fill('210');
  await form.getByLabel('Quantity').fill('30');
  await form.getByLabel('Description', { exact: true }).fill(PRODUCT.description);
  await form.getByLabel('Image Upload').setInputFiles({ name: 'rice.png', mimeType: 'image/png', buffer: await picture(64, 64, 'png') });
  // after the spec's fields, optional, and typed as Bangla text
  const banglaName = form.getByLabel('Bangla name');
  expect(await banglaName.evaluate((input: HTMLInputElement) => [input.lang, input.required])).toEqual(['bn', false]);
  await banglaName.fill(PRODUCT.name_bn);
  await form.getByLabel('Bangla description').fill(PRODUCT.description_bn);
  await page.screenshot({ path: 'test-results/add-product-bangla-fields.png', fullPage: true });
  await form.getByRole('button', { name: 'Publist Product' }).click();
  await page.getByRole('dialog', { name: 'Your work has been saved' }).waitFor();

  // nginx's one-second micro-cache may still hold a list read by another test before the save
  const published = await eventually(async () => {
    const listed = (await catalogProducts()).find((product) => product.name === PRODUCT.name);
    if (!listed) throw new Error(`${PRODUCT.name} is not listed yet`);
    return listed;
  });
  productId = published._id;
  expect(published).toMatchObject(PRODUCT);

  // in English: the English name and the spec's texts on the card
  await page.goto(`${webUrl}/search?${new URLSearchParams({ search: WORD })}`);
  await card(PRODUCT.name)
    .getByText(/^৳210(\.00)? \/ piece$/)
    .waitFor();
  await card(PRODUCT.name).getByRole('button', { name: 'Add', exact: true }).waitFor();
  await card(PRODUCT.name)
    .getByRole('link', { name: `Details of ${PRODUCT.name}`, exact: true })
    .waitFor();
  expect(await page.getByText(PRODUCT.name_bn).count()).toBe(0);

  // in Bangla: the Bangla name on the card, then the Bangla name and description on its page
  await chooseLanguage('Language', 'bn');
  await card(PRODUCT.name_bn).waitFor();
  expect(await page.getByText(PRODUCT.name).count()).toBe(0);
  await card(PRODUCT.name_bn)
    .getByText(/^২১০(\.০০)?৳ \/ পিস$/)
    .waitFor();
  await card(PRODUCT.name_bn).getByRole('button', { name: 'যোগ করুন', exact: true }).waitFor();
  await card(PRODUCT.name_bn)
    .getByRole('link', { name: `${PRODUCT.name_bn}-এর বিস্তারিত`, exact: true })
    .waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/bangla-product-card.png' });
  await card(PRODUCT.name_bn).getByRole('link', { name: PRODUCT.name_bn, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: PRODUCT.name_bn, exact: true }).waitFor();
  await page.getByText(PRODUCT.description_bn, { exact: true }).waitFor();
  expect(await page.getByText(PRODUCT.description, { exact: true }).count()).toBe(0);
  await page.screenshot({ path: 'test-results/bangla-product-page.png' });

  // its line in the cart: the Bangla name in Bangla
  const added = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/addtocart');
  await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  expect((await added).status()).toBe(201);
  await page.goto(`${webUrl}/cart`);
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: BANGLA_WORD });
  await line.getByRole('heading', { name: PRODUCT.name_bn, exact: true }).waitFor();
  await page.screenshot({ path: 'test-results/bangla-cart-line.png' });

  // back in English, the line and the page in English
  await chooseLanguage('ভাষা', 'en');
  await page.getByRole('main').getByRole('listitem').getByRole('heading', { name: PRODUCT.name, exact: true }).waitFor();
  await page.goto(`${webUrl}/product-details/${productId}`);
  await page.getByRole('heading', { level: 1, name: PRODUCT.name, exact: true }).waitFor();
  await page.getByText(PRODUCT.description, { exact: true }).waitFor();

  // the form's labels in Bangla, once the page has switched (the choice is kept when its words have
  // loaded: leaving at once, as CI's test did under load, left English)
  await chooseLanguage('Language', 'bn');
  await page.getByRole('heading', { level: 1, name: PRODUCT.name_bn, exact: true }).waitFor();
  await page.goto(`${webUrl}/dashboard/add-product`);
  await page.getByRole('region', { name: 'পণ্য যোগ করুন' }).getByLabel('বাংলা নাম').waitFor();
  await page.screenshot({ path: 'test-results/add-product-bangla.png', fullPage: true });

  // its order line in Bangla: on My Orders, and on the admin's Orders page
  const order = await placeOrder(admin!, { _id: productId!, name: PRODUCT.name }, 1);
  await page.goto(`${webUrl}/dashboard/my-orders`);
  const mine = page.getByRole('listitem', { name: `অর্ডার ${order._id}` }).getByRole('list', { name: 'পণ্যসমূহ' });
  await mine.getByText(PRODUCT.name_bn).waitFor();
  expect(await mine.getByText(WORD).count()).toBe(0);
  await page.screenshot({ path: 'test-results/bangla-my-orders.png', fullPage: true });
  await page.goto(`${webUrl}/dashboard/orders`);
  const orders = page.getByRole('region', { name: 'অর্ডারসমূহ' });
  await orders.getByLabel('অর্ডার আইডি, ফোন বা ইমেইল').fill(order._id);
  await orders.getByRole('button', { name: 'খুঁজুন' }).click();
  await orders.getByRole('button', { name: new RegExp(order._id) }).click();
  const detail = orders.getByRole('region', { name: `অর্ডার ${order._id}` });
  await detail.getByRole('cell', { name: PRODUCT.name_bn }).waitFor();
  expect(await detail.getByText(WORD).count()).toBe(0);
  await page.screenshot({ path: 'test-results/bangla-admin-order.png', fullPage: true });
});

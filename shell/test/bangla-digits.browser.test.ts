// Numbers typed with a Bangla keyboard, which gives the Bangla digits (০-৯), in Chromium against the
// running stack: a Bangla shopper's phone number at checkout and in their profile (390 px) and a
// Bangla admin's price and quantity of a product (1280 px) are taken as the numbers they are, as the
// store keeps them; the services' refusals of a phone number, a price or a quantity read in Bangla.
import { expect, test } from '@bazar/testing/browser-test';
import {
  browsingIn,
  catalogProduct,
  chooseWhereAndWhen,
  createAccount,
  createAdminAccount,
  deleteStoreAccount,
  eventually,
  gatewayCall,
  launchChromium,
  openSignedIn,
  publishProduct,
  removeProduct,
  signedInAndSynced,
  type Credentials,
  type TestProduct,
  widthPastTheScreen,
} from '@bazar/testing';
import { OrderList, ProfileList } from '@bazar/contracts';
import type { Browser } from 'playwright-core';

let browser: Browser;
/** ordered by the shopper */
let product: TestProduct;
/** edited by the admin */
let lentils: TestProduct;
let shopper: Credentials;
let admin: Credentials;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  browser = await launchChromium();
  [product, lentils, shopper, admin] = await Promise.all([
    publishProduct('Bangla Digits Rice', 20),
    publishProduct('Bangla Digits Lentils', 20),
    createAccount('bangla digits'),
    createAdminAccount('bangla digits'),
  ]);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
  await removeProduct(lentils);
  await deleteStoreAccount(admin);
});

test('a Bangla shopper types their phone number in Bangla digits at checkout: the order is placed with it', async () => {
  const token = await signedInAndSynced(shopper);
  expect((await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: 1 })).status).toBe(201);
  const page = await (await browsingIn(browser, 'bn', 'phone')).newPage();
  await openSignedIn(page, '/checkout', shopper);
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[form="billing"]')?.disabled);
  const phone = page.locator('input[name="phone"]');
  // one digit short: the form is not sent, and the field says why in Bangla (not in the browser's words)
  const sent: string[] = [];
  page.on('request', (request) => void (new URL(request.url()).pathname === '/api/orderplace' && sent.push(request.url())));
  await phone.fill('০১৭১২-৩৪৫৬৭');
  await page.locator('button[form="billing"]').click();
  await expect(phone).toHaveJSProperty('validationMessage', 'বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮');
  expect(sent).toEqual([]);
  await phone.fill('০১৭১২-৩৪৫৬৭৮');
  await expect(phone).toHaveJSProperty('validationMessage', '');
  await page.screenshot({ path: 'test-results/checkout-bangla-digits-390.png', fullPage: true });
  await chooseWhereAndWhen(page);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orderplace');
  await page.locator('button[form="billing"]').click();
  expect((await answer).status()).toBe(201);

  const orders = OrderList.parse((await gatewayCall('GET', '/myorders', token)).body);
  expect(orders.map(({ phone }) => phone)).toEqual(['01712345678']);
  await page.context().close();
});

const pixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a Bangla shopper types their phone number in Bangla digits in their profile: refused in Bangla while it is no mobile number, then kept', async () => {
  const page = await (await browsingIn(browser, 'bn', 'phone')).newPage();
  await openSignedIn(page, '/dashboard/my-profile', shopper);
  const profile = page.getByRole('region', { name: 'আমার প্রোফাইল' });
  await profile.getByRole('button', { name: 'সম্পাদনা' }).click();
  await profile.getByLabel('ফোন', { exact: true }).fill('০১৭১২৩৪৫৬৭'); // one digit short
  await profile.getByLabel('ঠিকানা', { exact: true }).fill('বাড়ি ১২, রোড ৭, ধানমন্ডি, ঢাকা');
  await profile.getByLabel('ছবি', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pixelPng });
  await profile.getByRole('button', { name: 'হালনাগাদ করুন' }).click();
  await page.getByRole('dialog', { name: 'দুঃখিত...' }).getByRole('button').click();
  const refusal = profile.getByText('বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮', { exact: true });
  await refusal.waitFor();
  // a long email address wraps in the card rather than pushing the page past the screen
  expect(await widthPastTheScreen(page)).toBe(0);
  await profile.getByLabel('ফোন', { exact: true }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, -120); // clear of the sticky top bar
  await page.screenshot({ path: 'test-results/profile-phone-bangla-390.png' });

  await profile.getByLabel('ফোন', { exact: true }).fill('০১৮১২-৩৪৫৬৭৮');
  await profile.getByRole('button', { name: 'হালনাগাদ করুন' }).click();
  await page.getByRole('dialog', { name: 'প্রোফাইল হালনাগাদ হয়েছে!' }).waitFor();
  const token = await signedInAndSynced(shopper);
  const saved = ProfileList.parse((await gatewayCall('GET', `/myprofiledata/${encodeURIComponent(shopper.email)}`, token)).body);
  expect(saved.map(({ phone }) => phone)).toEqual(['01812345678']);
  await page.context().close();
});

test('a Bangla admin types a price and a quantity in Bangla digits: refused in Bangla while wrong, then saved as those numbers', async () => {
  const page = await (await browsingIn(browser, 'bn', 'laptop')).newPage();
  await openSignedIn(page, '/dashboard/products', admin);
  // newest first: the products published for these tests are on the first page
  await page
    .getByRole('region', { name: 'পণ্যসমূহ' })
    .getByRole('link', { name: `${lentils.name} সম্পাদনা`, exact: true })
    .click();
  const form = page.getByRole('region', { name: 'পণ্য সম্পাদনা' });
  await eventually(async () => expect(await form.getByLabel('পরিমাণ', { exact: true }).inputValue()).toBe('20'));

  // what the catalog refuses, it refuses in Bangla here: in the dialog, then under each field
  await form.getByLabel('দাম', { exact: true }).fill('১৫০.৫০৫');
  await form.getByLabel('পরিমাণ', { exact: true }).fill('২.৫');
  await form.getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }).click();
  const tooPrecise = 'দামে দশমিকের পরে ২টির বেশি অঙ্ক থাকতে পারে না';
  const notWhole = 'পরিমাণ একটি পূর্ণ সংখ্যা হতে হবে';
  await page.getByRole('dialog').getByText(`${tooPrecise}; ${notWhole}`, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'ঠিক আছে' }).click();
  await form.getByText(tooPrecise, { exact: true }).waitFor();
  await form.getByText(notWhole, { exact: true }).waitFor();
  await page.screenshot({ path: 'test-results/edit-product-bangla-refusal-1280.png' });
  expect(await catalogProduct(lentils._id)).toMatchObject({ price: 120, quantity: 20 });

  await form.getByLabel('দাম', { exact: true }).fill('১৫০.৫০');
  await form.getByLabel('পরিমাণ', { exact: true }).fill('২৫');
  await form.getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }).click();
  await page.getByRole('dialog', { name: 'আপনার কাজ সংরক্ষণ হয়েছে' }).waitFor();
  // past nginx's micro-cache, which keeps the answer read above a second
  await eventually(async () => expect(await catalogProduct(lentils._id)).toMatchObject({ price: 150.5, quantity: 25 }));
  // the dialog closes by itself, on the list
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('region', { name: 'পণ্যসমূহ' }).getByText('১৫০.৫০৳').first().waitFor();
  await page.screenshot({ path: 'test-results/edit-product-bangla-digits-1280.png' });
  await page.context().close();
});

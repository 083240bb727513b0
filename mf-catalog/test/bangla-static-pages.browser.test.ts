// The catalog's static pages (About, Blogs, Contact, Compare) and the wishlist signed out in Bangla
// once the shopper chooses it in the top bar: Bangla headings and texts, no Latin letter left in the
// page's content, <html lang="bn">, Bangla digits in the sample table, and no serious axe violation;
// in English the spec's texts, word for word. Screenshots of each Bangla page go to test-results/.
import { expect, test } from '@bazar/testing/browser-test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, seriousViolations, webUrl } from '@bazar/testing/pages';

const LAPTOP = { viewport: { width: 1280, height: 900 }, locale: 'en-US' };

let browser: Browser;
let page: Page;

test.beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage(LAPTOP);
  await open('/contact', 'contact');
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('bn');
  await page.getByRole('heading', { level: 1, name: 'যোগাযোগ', exact: true }).waitFor();
});
test.afterAll(() => browser?.close());

/** Opens a page of the store as a shopper follows a link (the choice of language stays). */
async function open(path: string, heading: string): Promise<void> {
  await page.goto(`${webUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

async function expectBanglaPage(name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
  expect(await page.getByRole('main').innerText()).not.toMatch(/[A-Za-z]/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/bangla-${name}.png`, fullPage: true });
}

test('About in Bangla', async () => {
  await open('/about', 'প্রতিদিনের অর্গানিক খাবারের জন্য কেন সবাই আমাদের বেছে নেন');
  await page.getByRole('heading', { level: 2, name: '১০০% অর্গানিক' }).waitFor();
  await page.getByText('শহরের ভেতরে একই দিনে ডেলিভারি।').waitFor();
  expect(await page.getByRole('main').getByRole('listitem').count()).toBe(6);
  await expectBanglaPage('about');
});

test('Blogs in Bangla', async () => {
  await open('/blogs', 'এই সপ্তাহের ব্লগ');
  await page.getByRole('img', { name: 'ব্লগের ছবি ১', exact: true }).waitFor();
  await page.getByRole('img', { name: 'ব্লগের ছবি ৬', exact: true }).waitFor();
  await expectBanglaPage('blogs');
});

test('Contact in Bangla', async () => {
  await open('/contact', 'যোগাযোগ');
  await expectBanglaPage('contact');
});

test('the wishlist signed out in Bangla: a way to log in, no sample rows', async () => {
  await open('/wishlist', 'পছন্দের তালিকা');
  await page.getByText('পছন্দের তালিকার পণ্য দেখতে লগইন করুন।').waitFor();
  await page.getByRole('main').getByRole('link', { name: 'লগইন', exact: true }).waitFor();
  expect(await page.getByRole('table').count()).toBe(0);
  await expectBanglaPage('wishlist');
});

for (const [path, name, heading] of [['/compare', 'compare', 'তুলনা']] as const) {
  test(`${path} in Bangla: the sample table with Bangla digits`, async () => {
    await open(path, heading);
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'ক্রমিক' }).waitFor();
    const tomato = table.getByRole('row').filter({ hasText: 'টমেটো (১ কেজি)' });
    await tomato.getByRole('cell', { name: '৮০.০০৳', exact: true }).waitFor();
    await tomato.getByRole('cell', { name: 'স্টক শেষ', exact: true }).waitFor();
    await tomato.getByRole('button', { name: 'কার্টে যোগ করুন' }).waitFor();
    await tomato.getByRole('button', { name: 'টমেটো (১ কেজি) তালিকা থেকে সরান' }).waitFor();
    await expectBanglaPage(name);
  });
}

test("back in English, the spec's texts word for word", async () => {
  await page.getByRole('combobox', { name: 'ভাষা', exact: true }).selectOption('en');
  await page.getByRole('heading', { level: 1, name: 'Compare', exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  const headers = await page.getByRole('columnheader').allInnerTexts();
  expect(headers).toEqual(['Serial', 'Product', 'Name', 'Price', 'Status', 'Shopping', 'Action']);
  await open('/about', 'Why People Choose Their Daily Organic Life With Us');
  await open('/blogs', 'This Week Blogs');
  await open('/contact', 'contact');
});

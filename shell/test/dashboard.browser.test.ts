import type { Browser, Page } from 'playwright-core';
import { accounts, launchChromium, signIn, waitForPath, webUrl } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterEach(() => page?.close());

async function openDashboardAs(account: { email: string; password: string }) {
  await page.goto(`${webUrl}/dashboard`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, account);
  await waitForPath(page, '/dashboard/my-profile');
  await page.getByRole('heading', { name: /^Welcome to your Dashboard, / }).waitFor();
  return page.getByRole('navigation', { name: 'Dashboard' });
}

test('a shopper gets the dashboard layout, its nested pages, and no admin links', async () => {
  const sidebar = await openDashboardAs(accounts.shopper);
  await page.getByRole('region', { name: 'My Profile' }).getByText(accounts.shopper.email).waitFor();

  await sidebar.getByRole('link', { name: 'My Wallet' }).click();
  await waitForPath(page, '/dashboard/my-wallet');
  await page.getByText('Current Balance').waitFor();
  expect(await sidebar.getByRole('link', { name: 'My Wallet' }).getAttribute('aria-current')).toBe('page');

  await sidebar.getByRole('link', { name: 'My Orders' }).click();
  await page.getByRole('heading', { name: 'My Orders' }).waitFor();
  expect(await sidebar.getByRole('link').allInnerTexts()).toEqual(['My Profile', 'My Orders', 'My Wallet', 'My Review']);

  await page.getByRole('link', { name: 'Back Home Page' }).click();
  await waitForPath(page, '/');
});

test('an admin also gets All Users, Add Product and Add Offer', async () => {
  const sidebar = await openDashboardAs(accounts.admin);
  await sidebar.getByRole('link', { name: 'All Users' }).click();
  await waitForPath(page, '/dashboard/all-users');
  const users = page.getByRole('region', { name: 'All Users' });
  await users.getByRole('cell', { name: accounts.shopper.email, exact: true }).waitFor();

  await sidebar.getByRole('link', { name: 'Add Product' }).click();
  expect(await page.getByRole('button', { name: 'Publist Product' }).isVisible()).toBe(true);
  await sidebar.getByRole('link', { name: 'Add Offer' }).click();
  expect(await page.getByRole('button', { name: 'Add Offer' }).isVisible()).toBe(true);
});

// A real 1×1 PNG: the media service checks the bytes, not the file name.
const pixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a shopper edits their profile: picture uploaded, details saved, form closed', async () => {
  await openDashboardAs(accounts.shopper);
  const profile = page.getByRole('region', { name: 'My Profile' });
  const phone = `017${String(Date.now()).slice(-8)}`;
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('Phone').fill(phone);
  await profile.getByLabel('Address').fill('House 5, Road 2, Mirpur, Dhaka');
  await profile.getByLabel('Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pixelPng });
  await profile.getByRole('button', { name: 'Update' }).click();

  await page.getByRole('dialog', { name: 'Profile Update Succesfull!' }).waitFor();
  await page.getByRole('dialog', { name: 'Profile Update Succesfull!' }).waitFor({ state: 'hidden' });
  expect(await profile.getByRole('button', { name: 'Update' }).count()).toBe(0);
  await profile.getByText(phone).waitFor();
});

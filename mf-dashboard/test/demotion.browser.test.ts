// An admin demoted while their dashboard is open (issue 54): the server refuses their admin calls
// at once, and the open page learns it without a reload, from the end of the order stream that the
// demotion ends or from the first refusal (403) of an admin call. The admin's links and pages go,
// and the person is told plainly, in English and in Bangla. Two browsers: admin A demotes admin B,
// an account made for this file, while B's dashboard is open.
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
  browsingIn,
  createAccount,
  gatewayCall,
  launchChromium,
  openSignedIn,
  SignedInAccount,
  signedInAndSynced,
  type Credentials,
} from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

let browser: Browser;
// Storefront tokens live a minute and a file runs for several: the admin's token is renewed at use.
const admin = new SignedInAccount(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
/** admin B: promoted by each test, demoted by A while their dashboard is open */
let demoted: Credentials;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  browser = await launchChromium();
  demoted = await createAccount('demoted');
  await Promise.all([signedInAndSynced(ACCOUNTS.admin), signedInAndSynced(demoted)]);
});
test.beforeEach(async () => {
  const promoted = await gatewayCall('PUT', `/makeadmin/${encodeURIComponent(demoted.email)}`, await admin.freshToken());
  expect(promoted.status).toBe(200);
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  const found = await gatewayCall('GET', `/allusers?q=${encodeURIComponent(demoted.email)}`, await admin.freshToken());
  const id = (found.body as { _id: string; email: string }[]).find((user) => user.email === demoted.email)?._id;
  if (id) await gatewayCall('DELETE', `/delete/${id}`, await admin.freshToken());
});

async function dashboardOf(account: { email: string; password: string }, path: string, language: 'en' | 'bn', width = 1366): Promise<Page> {
  const context = await browsingIn(browser, language, 'laptop');
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await openSignedIn(page, path, account);
  return page;
}

const notReloaded = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillTheSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test("A demotes B with Remove Admin while B's Orders page is open: B's page drops the admin's links and pages and says so", async () => {
  const b = await dashboardOf(demoted, '/dashboard/orders', 'en');
  const bNav = b.getByRole('navigation', { name: 'Dashboard' });
  await bNav.getByRole('link', { name: 'All Users' }).waitFor();
  await b.getByText('Live updates on').waitFor();
  await notReloaded(b);

  const a = await dashboardOf(ACCOUNTS.admin, '/dashboard/all-users', 'en');
  const search = a.getByRole('searchbox');
  await search.fill(demoted.email);
  await search.press('Enter');
  const row = a.getByRole('row').filter({ has: a.getByRole('cell', { name: demoted.email, exact: true }) });
  // the token that still names the role is replaced (Keycloak's token endpoint, by keycloak-js)
  const newToken = b.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/protocol/openid-connect/token'));
  await row.getByRole('button', { name: 'Remove Admin' }).click();
  await a.getByRole('dialog', { name: 'Admin role removed' }).waitFor();

  // B, without a reload: told, in plain words, and the admin's links and page gone
  const told = b.getByRole('dialog', { name: 'You no longer have admin access' });
  await told.waitFor({ timeout: 15_000 });
  await expect(told).toContainText('the admin pages are closed to you');
  await newToken;
  await b.waitForTimeout(400); // the opening animation, for the picture
  await b.screenshot({ path: 'test-results/admin-demoted-1366.png' });
  await told.getByRole('button', { name: 'OK' }).click();
  await told.waitFor({ state: 'hidden' });
  await expect(bNav.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(bNav.getByRole('link', { name: 'All Users' })).toHaveCount(0);
  await expect(bNav.getByRole('link', { name: 'Orders', exact: true })).toHaveCount(0);
  await b.getByText('This dashboard page is not available to your account.').waitFor();
  await expect(b.getByRole('region', { name: 'Last 30 days' })).toHaveCount(0);
  expect(await stillTheSamePage(b)).toBe(true);
});

test('in Bangla, B on All Users is refused at the next search after the demotion, and is told in Bangla', async () => {
  const b = await dashboardOf(demoted, '/dashboard/all-users', 'bn', 390);
  const users = b.getByRole('region', { name: 'সব ব্যবহারকারী' });
  await users.getByRole('table').waitFor();
  await notReloaded(b);

  const demotion = await gatewayCall('PUT', `/removeadmin/${encodeURIComponent(demoted.email)}`, await admin.freshToken());
  expect(demotion.status).toBe(200);

  // B's next admin call is refused (403); the page asks again whether B is an admin
  await users.getByLabel('ইমেইল বা নাম দিয়ে খুঁজুন').fill(ACCOUNTS.admin.email);
  await users.getByRole('button', { name: 'খুঁজুন' }).click();
  const told = b.getByRole('dialog', { name: 'আপনার আর অ্যাডমিন অ্যাক্সেস নেই' });
  await told.waitFor({ timeout: 15_000 });
  await b.waitForTimeout(400); // the opening animation, for the picture
  await b.screenshot({ path: 'test-results/admin-demoted-bn-390.png', fullPage: true });
  await told.getByRole('button', { name: 'ঠিক আছে' }).click();
  await told.waitFor({ state: 'hidden' });
  const bNav = b.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
  await expect(bNav.getByRole('link', { name: 'আমার প্রোফাইল' })).toBeVisible();
  await expect(bNav.getByRole('link', { name: 'সব ব্যবহারকারী' })).toHaveCount(0);
  await b.getByText('ড্যাশবোর্ডের এই পাতাটি আপনার অ্যাকাউন্টের জন্য নয়।').waitFor();
  await expect.poll(() => b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await b.screenshot({ path: 'test-results/admin-demoted-bn-390-after.png', fullPage: true });
  expect(await stillTheSamePage(b)).toBe(true);
});

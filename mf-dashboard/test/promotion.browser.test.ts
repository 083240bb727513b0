// Make Admin counts from the promoted user's next page load: a fresh shopper has no admin links;
// an admin makes them admin; after a reload the links are there and the admin page opens, with no
// new sign-in (the gateway takes the role from the user service's record, not from the token).
import { expect, test } from '@bazar/testing/browser-test';
import { ACCOUNTS, createAccount, gatewayCall, signedInAndSynced } from '@bazar/testing';
import type { Browser } from 'playwright-core';
import { launchChromium, signIn, waitForPath, webUrl } from '@bazar/testing/pages';

let browser: Browser;
test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(() => browser?.close());

/** A call by the seeded admin (signed in and synced, so the gateway knows them as admin). */
const asAdmin = async (method: string, path: string) => gatewayCall(method, path, await signedInAndSynced(ACCOUNTS.admin));

test('a promoted shopper sees the admin links after their next page load', async () => {
  const someone = await createAccount('promoted');
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${webUrl}/dashboard`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, someone);
  await waitForPath(page, '/dashboard/my-profile');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'My Wallet' }).waitFor();
  expect(await sidebar.getByRole('link', { name: 'All Users' }).count()).toBe(0);

  expect(await asAdmin('PUT', `/makeadmin/${encodeURIComponent(someone.email)}`)).toMatchObject({
    status: 200,
    body: { modifiedCount: 1 },
  });
  try {
    await page.reload();
    await sidebar.getByRole('link', { name: 'All Users' }).click();
    await waitForPath(page, '/dashboard/all-users');
    // a page of the accounts at a time, oldest first: the new admin finds their own by searching
    const users = page.getByRole('region', { name: 'All Users' });
    await users.getByRole('cell').first().waitFor();
    await page.getByRole('searchbox').fill(someone.email);
    await page.getByRole('searchbox').press('Enter');
    await users.getByRole('cell', { name: someone.email, exact: true }).waitFor();
  } finally {
    await asAdmin('PUT', `/removeadmin/${encodeURIComponent(someone.email)}`);
    await page.close();
  }
});

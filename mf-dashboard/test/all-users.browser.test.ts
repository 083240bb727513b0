// All Users in Chromium, as the seeded admin signed in through Keycloak, acting only on fresh users
// made for this file (the seeded accounts are never promoted, demoted or deleted here): the loading
// states of a page opened by its URL, Make Admin and Remove Admin with their dialogs, the user
// service's refusal to demote the last admin (in Bangla too, by its code), and delete through the
// spec's confirmation.
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
  browsingIn,
  createAccount,
  openSignedIn,
  SignedInAccount,
  signIn as tokenFor,
  stackEnv,
  type Credentials,
} from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchChromium, signIn, waitForPath, webUrl } from '@bazar/testing/pages';
import { nextDialogLifetime } from './dialogs';

let browser: Browser;
let page: Page;
// Storefront tokens live a minute and a file runs for several: the admin's token is renewed at use.
const admin = new SignedInAccount(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
/** Promoted and demoted again; deleted when the file is done. */
let target: Credentials;
/** Deleted through the page. */
let doomed: Credentials;

async function gateway(method: string, path: string, token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stackEnv.gatewayUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: method === 'PUT' ? '{}' : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A fresh Keycloak account that has signed in once, so the user service lists it. */
async function listedUser(label: string): Promise<Credentials> {
  const account = await createAccount(label);
  const synced = await gateway('PUT', `/users/${encodeURIComponent(account.email)}`, await tokenFor(account.email, account.password));
  if (synced.status !== 201) throw new Error(`sync of ${account.email} answered ${synced.status}`);
  return account;
}

async function userId(email: string): Promise<string | undefined> {
  const answer = await gateway('GET', '/allusers', await admin.freshToken());
  if (answer.status !== 200) throw new Error(`GET /allusers answered ${answer.status}`);
  return (answer.body as { _id: string; email: string }[]).find((user) => user.email === email)?._id;
}

test.beforeAll(async () => {
  [browser, target, doomed] = await Promise.all([launchChromium(), listedUser('promoted'), listedUser('doomed')]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
test.afterAll(async () => {
  for (const account of [target, doomed]) {
    const id = account && (await userId(account.email));
    if (id) await gateway('DELETE', `/delete/${id}`, await admin.freshToken());
  }
  await browser?.close();
});

/** All Users lists a page of accounts at a time, oldest first, so an account made by this file is
 *  found as an admin finds one: by searching for its email (the search is the user service's). */
async function findUser(on: Page, email: string): Promise<void> {
  const search = on.getByRole('searchbox');
  await search.fill(email);
  await search.press('Enter');
  await on
    .getByRole('row')
    .filter({ has: on.getByRole('cell', { name: email, exact: true }) })
    .waitFor();
}

const row = (email: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
/** SweetAlert2 hides the rest of the page from assistive technology while a dialog is open, so
 *  role queries on the page wait until it is closed. */
const dialog = (title: string) => page.getByRole('dialog', { name: title, exact: true });

test('All Users opened by its URL shows spinners while loading, never the refusal, then the table', async () => {
  // Record whether the refusal ever reaches the page, however briefly.
  await page.addInitScript(() => {
    const seen = () => document.body?.textContent?.includes('not available to your account');
    new MutationObserver(() => {
      if (seen()) sessionStorage.setItem('refusal-seen', 'yes');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // Slow answers, so the loading states are there to be seen.
  const slow = (ms: number) => async (route: import('playwright-core').Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route('**/api/admin/**', slow(1500));
  await page.route(/\/api\/allusers(\?|$)/, slow(1500)); // a page of them: ?page=1&pageSize=20

  await page.goto(`${webUrl}/dashboard/all-users`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, accounts.admin);
  await waitForPath(page, '/dashboard/all-users');
  await page.getByRole('status').filter({ hasText: 'Checking your access' }).waitFor({ state: 'attached' });
  await page.getByRole('status').filter({ hasText: 'Loading users' }).waitFor({ state: 'attached' });
  const users = page.getByRole('region', { name: 'All Users' });
  await users.getByRole('cell').first().waitFor();
  await findUser(page, target.email);
  expect(await page.evaluate(() => sessionStorage.getItem('refusal-seen'))).toBeNull();
  expect(await users.getByRole('columnheader').allInnerTexts()).toEqual(['#', 'Email', 'User Type', 'Id', 'Action']);
  await page.unrouteAll();
});

test('Make Admin: the success dialog closes by itself, the user is an admin and the button is gone', async () => {
  const lifetime = nextDialogLifetime(page);
  await row(target.email).getByRole('button', { name: 'Make Admin' }).click();
  await dialog('Successfully made an admin').getByText(target.email).waitFor();
  // 1500 ms by the spec (and its closing animation); nobody clicks OK.
  expect(await lifetime).toBeGreaterThanOrEqual(1_500);
  expect(await lifetime).toBeLessThan(3_000);

  await row(target.email).getByRole('cell', { name: 'admin', exact: true }).waitFor();
  expect(await row(target.email).getByRole('button', { name: 'Make Admin' }).count()).toBe(0);
  expect(await row(target.email).getByRole('button', { name: 'Remove Admin' }).isEnabled()).toBe(true);
  expect(await gateway('GET', `/admin/${encodeURIComponent(target.email)}`, await admin.freshToken())).toEqual({
    status: 200,
    body: { admin: true },
  });
  await row(target.email).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/all-users.png' });
});

test('Remove Admin on the last admin shows the user service’s reason in an Oops... dialog', async () => {
  // The seeded admin is always an admin too, so no real account here is ever the last one: the
  // gateway's answer for that case (gateway/src/identity-events.int.test.ts) is played back.
  const reason = 'The last admin cannot be demoted; make someone else an admin first';
  await page.route('**/api/removeadmin/**', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: reason, code: 'last-admin' }) }),
  );
  await row(target.email).getByRole('button', { name: 'Remove Admin' }).click();
  await dialog('Oops...').getByText(reason).waitFor();
  await dialog('Oops...').getByRole('button', { name: 'OK' }).click();
  await dialog('Oops...').waitFor({ state: 'hidden' });
  await page.unrouteAll();
  await row(target.email).getByRole('cell', { name: 'admin', exact: true }).waitFor();
});

test('in Bangla, the same refusal is said in Bangla, by its code (it was shown in English before)', async () => {
  const context = await browsingIn(browser, 'bn', 'laptop');
  try {
    const bangla = await context.newPage();
    const reason = 'The last admin cannot be demoted; make someone else an admin first';
    await bangla.route('**/api/removeadmin/**', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: reason, code: 'last-admin' }) }),
    );
    await openSignedIn(bangla, '/dashboard/all-users', ACCOUNTS.admin);
    await findUser(bangla, target.email);
    const targetRow = bangla.getByRole('row').filter({ has: bangla.getByRole('cell', { name: target.email, exact: true }) });
    await targetRow.getByRole('button', { name: 'অ্যাডমিন পদ সরান' }).click();
    const refused = bangla.getByRole('dialog', { name: 'দুঃখিত...', exact: true });
    await refused.getByText('স্টোরে অন্তত একজন অ্যাডমিন থাকতে হবে; আগে অন্য কাউকে অ্যাডমিন করুন', { exact: true }).waitFor();
    expect(await refused.getByText(reason).count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('Remove Admin demotes: Make Admin comes back', async () => {
  await row(target.email).getByRole('button', { name: 'Remove Admin' }).click();
  await dialog('Admin role removed').waitFor();
  await dialog('Admin role removed').waitFor({ state: 'hidden', timeout: 5_000 });
  await row(target.email).getByRole('button', { name: 'Make Admin' }).waitFor();
  expect(await row(target.email).getByRole('cell', { name: 'user', exact: true }).isVisible()).toBe(true);
  expect(await row(target.email).getByRole('button', { name: 'Remove Admin' }).isDisabled()).toBe(true);
  expect(await gateway('GET', `/admin/${encodeURIComponent(target.email)}`, await admin.freshToken())).toEqual({
    status: 200,
    body: { admin: false },
  });
});

test('delete asks first: Cancel keeps the user, Yes, delete it! deletes them', async () => {
  const deleteButton = () => row(doomed.email).getByRole('button', { name: `Delete ${doomed.email}` });
  // An admin cannot delete their own account: their own bin is disabled.
  await findUser(page, accounts.admin.email);
  expect(
    await row(accounts.admin.email)
      .getByRole('button', { name: `Delete ${accounts.admin.email}` })
      .isDisabled(),
  ).toBe(true);

  await findUser(page, doomed.email);
  await deleteButton().click();
  const confirm = dialog('Are you sure?');
  await confirm.getByText("You won't be able to revert this!").waitFor();
  await page.waitForTimeout(400); // the opening animation, for the picture
  await page.screenshot({ path: 'test-results/all-users-confirm-delete.png' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await userId(doomed.email)).toBeDefined();

  await deleteButton().click();
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await dialog('Deleted!').getByText('User has been deleted.').waitFor();
  await dialog('Deleted!').getByRole('button', { name: 'OK' }).click();
  await dialog('Deleted!').waitFor({ state: 'hidden' });
  await row(doomed.email).waitFor({ state: 'detached' });
  expect(await userId(doomed.email)).toBeUndefined();
});

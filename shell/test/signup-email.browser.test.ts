// Signing up from the store with a real address, in Chromium through nginx and the real Keycloak:
// first.last@gmail.com, which the spec's pattern refused, makes an account and comes back signed in;
// an address outside the WHATWG rule still gets the spec's 'Provide a valid Email'. The account is
// removed before and after, as an admin removes one (the user service, then Keycloak).
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
  eventually,
  gatewayCall,
  keycloakAccount,
  keycloakAdmin,
  launchChromium,
  signedInAndSynced,
  widthPastTheScreen,
} from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';
import { waitForPath, webUrl } from '@bazar/testing/pages';

const EMAIL = 'first.last@gmail.com';
const SCREENSHOTS = 'test-results';
let browser: Browser;

async function forgetAccount(): Promise<void> {
  const admin = await signedInAndSynced(ACCOUNTS.admin);
  const users = (await gatewayCall('GET', '/allusers', admin)).body as { _id: string; email: string }[];
  const record = users.find((user) => user.email === EMAIL);
  if (record) expect((await gatewayCall('DELETE', `/delete/${record._id}`, admin)).status).toBeLessThan(300);
  const account = await keycloakAccount(EMAIL);
  if (account) await keycloakAdmin('DELETE', `/users/${account.id}`);
}

test.beforeAll(async () => {
  browser = await launchChromium();
  await forgetAccount();
});
test.afterAll(async () => {
  await browser?.close();
  await forgetAccount();
});

async function openSignup(page: Page): Promise<void> {
  await page.goto(`${webUrl}/singup`);
  await page.locator('#kc-register-form').waitFor();
}

const emailError = (page: Page) => page.locator('[data-bz-error-for="email"]');

for (const [screen, viewport] of [
  ['a laptop', { width: 1280, height: 900 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${screen}, an address outside the rule is refused with 'Provide a valid Email' before anything is sent`, async () => {
    const page = await browser.newPage({ viewport });
    try {
      const posts: string[] = [];
      page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
      await openSignup(page);
      await page.locator('#fullName').fill('First Last');
      await page.locator('#email').fill('first.last@gmail..com');
      await page.locator('#password').fill('fresh-basket');
      await page.locator('#password-confirm').fill('fresh-basket');
      await page.getByRole('button', { name: 'Singup' }).click();
      await expect(emailError(page).innerText()).resolves.toBe('Provide a valid Email');
      expect(await page.locator('#email').getAttribute('aria-invalid')).toBe('true');
      expect(posts).toEqual([]);
      expect(await widthPastTheScreen(page)).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/signup-invalid-email-${screen.replace('a ', '')}.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });
}

test(`${EMAIL} signs up and comes back to the store signed in`, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await openSignup(page);
    await page.locator('#fullName').fill('First Last');
    await page.locator('#email').fill(EMAIL);
    await page.locator('#password').fill('fresh-basket');
    await page.locator('#password-confirm').fill('fresh-basket');
    await page.locator('#email').blur();
    expect(await emailError(page).textContent()).toBe('');
    await page.getByRole('button', { name: 'Singup' }).click();

    await waitForPath(page, '/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Singout' }).waitFor();
    expect(await keycloakAccount(EMAIL)).toBeDefined();
    // The store synced the account: the user service took the address (the contracts' Email).
    const admin = await signedInAndSynced(ACCOUNTS.admin);
    await eventually(async () => {
      const users = (await gatewayCall('GET', '/allusers', admin)).body as { email: string }[];
      expect(users.map((user) => user.email)).toContain(EMAIL);
    });
    await page.screenshot({ path: `${SCREENSHOTS}/signup-first-last-signed-in.png` });
  } finally {
    await page.close();
  }
});

/**
 * "Forgot password?" and "Remember me" for real, in Debian's Chromium through the store, each with a
 * fresh shopper made through Keycloak's admin API (the seeded accounts are never touched):
 *   - the shopper asks for a reset link on the store's login page; Keycloak mails it to the stack's mail
 *     sink (Mailpit), the test reads it from the sink's API, follows it, chooses a new password and
 *     is back in the store signed in; in a new browser the old password is refused and the new one works;
 *   - signed in with 'Remember me' ticked, the cookies that survive a browser restart (the persistent
 *     ones) still sign the shopper in; without the box ticked, they do not.
 */
import { expect, test } from '@bazar/testing/browser-test';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { createAccount, keycloakAccount, keycloakAdmin, launchChromium, mailbox, stackEnv, type Credentials } from '@bazar/testing';

test.describe.configure({ timeout: 120_000 });

const SCREENSHOTS = 'test-results';

let browser: Browser;
const contexts: BrowserContext[] = [];
const accounts: Credentials[] = [];

test.beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
});
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
test.afterAll(async () => {
  await browser?.close();
  for (const { email } of accounts) {
    const account = await keycloakAccount(email);
    if (account) await keycloakAdmin('DELETE', `/users/${account.id}`);
  }
});

async function newShopper(label: string): Promise<Credentials> {
  const shopper = await createAccount(label);
  accounts.push(shopper);
  return shopper;
}

/** A page in a browser context of its own (a browser of its own, as far as cookies go). */
async function newPage(cookies: Cookie[] = []): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.addCookies(cookies);
  return context.newPage();
}

/** The store's /login, which hands over to Keycloak's themed login page. */
async function openLogin(page: Page): Promise<void> {
  await page.goto(`${stackEnv.webUrl}/login`);
  await page.locator('#kc-form-login').waitFor();
}

async function submitLogin(page: Page, email: string, password: string, { rememberMe = false } = {}): Promise<void> {
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.locator('#kc-login').click();
}

/** The store's top bar offers 'Singout' to a signed-in shopper only. */
const signedIn = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Singout' }).waitFor();

/**
 * Where the store's /login leads: straight back to the store, signed in, when Keycloak still knows the
 * shopper; to Keycloak's login form when it does not.
 */
async function loginLeadsTo(page: Page): Promise<'the store, signed in' | 'the login form'> {
  await page.goto(`${stackEnv.webUrl}/login`);
  return Promise.race([
    signedIn(page).then(() => 'the store, signed in' as const),
    page
      .locator('#kc-form-login')
      .waitFor()
      .then(() => 'the login form' as const),
  ]);
}

test.describe('Forgot password?', () => {
  test('mails a reset link with which the shopper chooses a new password and signs in with it', async () => {
    const shopper = await newShopper('forgot');
    const newPassword = `new-${randomUUID()}`;
    const page = await newPage();

    await openLogin(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.locator('#kc-reset-password-form').waitFor();
    await page.locator('#username').fill(shopper.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // Back on the login page, with the answer a stranger's address would get too.
    await page.locator('#kc-form-login').waitFor();
    expect(await page.locator('#bz-alert').innerText()).toBe('If that email belongs to a Bazar account, a reset link is on its way.');

    // The mail Keycloak sent, from the stack's mail sink.
    const mail = await mailbox.waitFor(shopper.email);
    expect(mail.envelope.to).toEqual([shopper.email]);
    expect(mail.from).toBe('no-reply@bazar.test');
    expect(mail.subject).toBe('Reset password');
    const link = mail.links.find((href) => href.startsWith(`${stackEnv.webUrl}/auth/realms/bazar/login-actions/action-token?`));
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.locator('#password-new').fill(newPassword);
    await page.locator('#password-confirm').fill(newPassword);
    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-update-password.png`, fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    // Keycloak completes the sign-in the reset was asked from: back in the store, signed in.
    await signedIn(page);
    expect(new URL(page.url()).pathname).toBe('/');

    // Another browser: the old password is refused, the new one signs in.
    const elsewhere = await newPage();
    await openLogin(elsewhere);
    await submitLogin(elsewhere, shopper.email, shopper.password);
    await elsewhere.locator('#kc-form-login #bz-alert').getByText('Invalid email or password.').waitFor();
    await submitLogin(elsewhere, shopper.email, newPassword);
    await signedIn(elsewhere);
  });
});

test.describe('Remember me', () => {
  /** Signs a fresh shopper in through the store, then "restarts the browser": a new context that gets
   *  only the cookies with an expiry, as a browser keeps them across a restart. */
  async function signInAndRestart(rememberMe: boolean): Promise<{ before: Page; after: Page }> {
    const shopper = await newShopper(rememberMe ? 'remembered' : 'unremembered');
    const before = await newPage();
    await openLogin(before);
    await submitLogin(before, shopper.email, shopper.password, { rememberMe });
    await signedIn(before);
    const persistent = (await before.context().cookies()).filter((cookie) => cookie.expires > 0);
    return { before, after: await newPage(persistent) };
  }

  test('keeps a shopper who ticked it signed in after the browser restarts', async () => {
    const { after } = await signInAndRestart(true);
    // The store's own silent check finds the Keycloak session …
    await after.goto(stackEnv.webUrl);
    await signedIn(after);
    await after.screenshot({ path: `${SCREENSHOTS}/remember-me-after-restart.png` });
    // … and Login needs no password.
    expect(await loginLeadsTo(after)).toBe('the store, signed in');
  });

  test('does not keep a shopper who left it unticked after the browser restarts', async () => {
    const { before, after } = await signInAndRestart(false);
    expect(await loginLeadsTo(after)).toBe('the login form');
    // The browser that was not restarted is still signed in: only the restart ended the session.
    expect(await loginLeadsTo(before)).toBe('the store, signed in');
  });
});

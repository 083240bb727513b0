// Signing up in Bangla: with the store in Bangla, /singup opens Keycloak's sign-up page in Bangla
// (ui_locales), and a bad email and mismatched passwords get the Bangla validation messages, from
// the theme's script before anything is sent and from Keycloak itself when the script is out of
// the way. Nothing is created. Screenshots in test-results/.
import { expect, test } from '@bazar/testing/browser-test';
import { keycloakAccount, launchChromium } from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations, webUrl } from '@bazar/testing/pages';

const BANGLA = {
  emailInvalid: 'সঠিক ইমেইল দিন',
  passwordsDiffer: 'দুটি পাসওয়ার্ড মেলেনি',
};
/** Never created: every attempt below is refused. */
const EMAIL = `rahim.uddin.${Date.now().toString(36)}@gmail.com`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let posts: string[];

test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(() => browser?.close());
test.afterEach(() => context?.close());

/** The store in Bangla, then its sign-up link's page at Keycloak. */
async function openBanglaSignup({ withoutThemeScript = false } = {}): Promise<void> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  if (withoutThemeScript) await context.route(/\/bazar-validation\.js/, (route) => route.abort());
  page = await context.newPage();
  posts = [];
  page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
  await page.goto(webUrl);
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('bn');
  await page.getByRole('link', { name: 'লগইন', exact: true }).waitFor();
  await page.goto(`${webUrl}/singup`);
  await page.locator('#kc-register-form').waitFor();
  // the form shows as its HTML is parsed; the theme's deferred script has wired it once the document
  // is loaded (Playwright's goto waited for the store's page, which then went to Keycloak's)
  await page.waitForLoadState('domcontentloaded');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('সাইন আপ');
}

const fieldError = (id: string) => page.locator(`[data-bz-error-for="${id}"]`);

async function fill(email: string, password: string, confirmation: string): Promise<void> {
  await page.locator('#fullName').fill('রহিম উদ্দিন');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#password-confirm').fill(confirmation);
  await page.locator('#kc-register').click();
}

test("the theme's script answers a bad email and mismatched passwords in Bangla, before sending anything", async () => {
  await openBanglaSignup();
  await fill('rahim uddin@gmail.com', 'taja-bazar1', 'taja-bazar2');
  await expect(fieldError('email').innerText()).resolves.toBe(BANGLA.emailInvalid);
  await expect(fieldError('password-confirm').innerText()).resolves.toBe(BANGLA.passwordsDiffer);
  expect(await page.locator('#email').getAttribute('aria-invalid')).toBe('true');
  expect(await page.locator('#password-confirm').getAttribute('aria-invalid')).toBe('true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/bangla-signup-errors.png', fullPage: true });

  await page.locator('#email').fill(EMAIL);
  await page.locator('#email').blur();
  expect(await fieldError('email').textContent()).toBe('');
  await page.locator('#kc-register').click();
  await expect(fieldError('password-confirm').innerText()).resolves.toBe(BANGLA.passwordsDiffer);
  expect(posts.filter((url) => url.includes('/auth/'))).toEqual([]);
});

test('Keycloak itself answers them in Bangla when the script is out of the way', async () => {
  await openBanglaSignup({ withoutThemeScript: true });
  await fill('rahim@gmail..com', 'taja-bazar1', 'taja-bazar1');
  await page.locator('#kc-register-form').waitFor();
  await expect(fieldError('email').innerText()).resolves.toBe(BANGLA.emailInvalid);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');

  await fill(EMAIL, 'taja-bazar1', 'taja-bazar2');
  await page.locator('#kc-register-form').waitFor();
  await expect(fieldError('password-confirm').innerText()).resolves.toBe(BANGLA.passwordsDiffer);
  expect(await fieldError('email').textContent()).toBe('');
  expect(posts.filter((url) => url.includes('/auth/'))).toHaveLength(2);
  await page.screenshot({ path: 'test-results/bangla-signup-server-errors.png', fullPage: true });
  expect(await keycloakAccount(EMAIL)).toBeUndefined();
});

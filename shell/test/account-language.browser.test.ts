// The language goes with the account: a fresh shopper who switches to Bangla while signed in finds
// the store in Bangla when signing in from a second, fresh browser (set to English); a choice made
// just before signing in wins over the account's and becomes the account's.
import { expect, test } from '@bazar/testing/browser-test';
import {
  ACCOUNTS,
  createAccount,
  deleteStoreAccount,
  gatewayCall,
  openSignedIn,
  SignedInAccount,
  signedInAndSynced,
  type Credentials,
} from '@bazar/testing';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchChromium, seriousViolations, webUrl } from '@bazar/testing/pages';

const LAPTOP = { viewport: { width: 1280, height: 900 }, locale: 'en-US' };

// two sign-ins through Keycloak's page in one test
test.describe.configure({ timeout: 120_000 });

let browser: Browser;
let shopper: Credentials;
// Storefront tokens live a minute and a file runs for several: the admin's token is renewed at use.
const admin = new SignedInAccount(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  [browser, shopper] = await Promise.all([launchChromium(), createAccount('language'), signedInAndSynced(ACCOUNTS.admin)]);
});
test.afterAll(async () => {
  await browser?.close();
  await deleteStoreAccount(shopper);
});

/** A browser of its own: nothing remembered from another test's pages. */
async function freshPage(options = LAPTOP): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const pageLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The account's language as the user service keeps it (an admin's list of users). */
async function accountLanguage(): Promise<string | undefined> {
  const users = (await gatewayCall('GET', '/allusers', await admin.freshToken())).body as {
    email: string;
    language?: string;
  }[];
  return users.find((user) => user.email === shopper.email)?.language;
}

/** Waits for the shell to save the shopper's language with the account. */
const languageSaved = (page: Page, language: string) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      decodeURIComponent(new URL(response.url()).pathname) === `/api/users/${shopper.email}` &&
      response.request().postDataJSON()?.language === language,
  );

test('switched to Bangla while signed in, the shopper sees Bangla on signing in from another browser', async () => {
  const first = await freshPage();
  await openSignedIn(first, '/cart', shopper);
  await first.getByText('Your Cart is Emty !').waitFor();
  expect(await accountLanguage()).toBeUndefined();

  const saved = languageSaved(first, 'bn');
  await first.getByRole('combobox', { name: 'Language', exact: true }).selectOption('bn');
  expect((await saved).status()).toBe(200);
  await first.getByText('আপনার কার্ট এখনো খালি!').waitFor();
  expect(await accountLanguage()).toBe('bn');

  // another browser, set to English, that has never seen the store
  const second = await freshPage();
  await second.goto(webUrl);
  await second.getByRole('link', { name: 'Login', exact: true }).waitFor();
  expect(await pageLanguage(second)).toBe('en');
  await openSignedIn(second, '/cart', shopper);
  await second.getByText('আপনার কার্ট এখনো খালি!').waitFor();
  expect(await pageLanguage(second)).toBe('bn');
  expect(await second.getByRole('combobox', { name: 'ভাষা', exact: true }).inputValue()).toBe('bn');
  expect(await seriousViolations(second)).toEqual([]);
  await second.screenshot({ path: 'test-results/account-language-second-browser.png' });

  // and this browser remembers it: a reload stays in Bangla
  await second.reload();
  await second.getByText('আপনার কার্ট এখনো খালি!').waitFor();
});

test('a choice made just before signing in wins over the account’s, and becomes the account’s', async () => {
  // The account says Bangla (the test above, or its own switch when run alone).
  if ((await accountLanguage()) !== 'bn') {
    const page = await freshPage();
    await openSignedIn(page, '/cart', shopper);
    const saved = languageSaved(page, 'bn');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('bn');
    await saved;
  }

  const page = await freshPage({ ...LAPTOP, locale: 'bn-BD' });
  await page.goto(webUrl);
  await page.getByRole('link', { name: 'লগইন', exact: true }).waitFor();
  await page.getByRole('combobox', { name: 'ভাষা', exact: true }).selectOption('en');
  await page.getByRole('link', { name: 'Login', exact: true }).waitFor();

  const saved = languageSaved(page, 'en');
  await openSignedIn(page, '/cart', shopper);
  expect((await saved).status()).toBe(200);
  await page.getByText('Your Cart is Emty !').waitFor();
  expect(await pageLanguage(page)).toBe('en');
  expect(await accountLanguage()).toBe('en');
});

test('a switch left at once, before its words or the account’s code have loaded, holds on the next page and becomes the account’s', async () => {
  const page = await freshPage();
  await openSignedIn(page, '/cart', shopper);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const chosen = (await pageLanguage(page)) === 'bn' ? 'en' : 'bn';

  // Nothing the switch loads arrives: the page is left with the switch made and nothing else.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const holdScripts = (route: Route) => released.then(() => route.continue().catch(() => undefined));
  await page.route('**/*.js', holdScripts);
  // the account's code may have loaded with the signed-in page already, and then saves at once
  const saved = languageSaved(page, chosen);
  await page.getByRole('combobox', { name: chosen === 'bn' ? 'Language' : 'ভাষা', exact: true }).selectOption(chosen);
  await page.unroute('**/*.js', holdScripts);
  await page.goto(`${webUrl}/cart`);
  release();

  expect((await saved).status()).toBe(200);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await pageLanguage(page)).toBe(chosen);
  expect(await accountLanguage()).toBe(chosen);
});

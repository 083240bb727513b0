// A new shopper learns before Place Order that their address must be verified: the cart and the top
// of checkout say so, with the address the link went to, and send the link again when asked (once a
// minute at most); in English and in Bangla, at 390 px. A verified shopper sees no such notice, and
// one who verifies while on the page sees it go at the sign-in's next token, without a reload.
import { expect, seriousViolations, test } from '@bazar/testing/browser-test';
import {
  browsingIn,
  createAccount,
  eventually,
  keycloakAccount,
  keycloakAdmin,
  launchChromium,
  mailbox,
  openSignedIn,
  stackEnv,
  type Credentials,
} from '@bazar/testing';
import mongoose from 'mongoose';
import type { Browser } from 'playwright-core';

let browser: Browser;
let newShopper: Credentials;
let users: mongoose.Connection;

test.beforeAll(async () => {
  browser = await launchChromium();
  newShopper = await createAccount('verifynotice', undefined, { emailVerified: false });
  users = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'user' }).asPromise();
});
test.afterAll(async () => {
  await browser?.close();
  await users?.close();
});

const verificationMails = async (email: string) =>
  (await mailbox.list(email)).filter((mail) => mail.subject === 'Verify your email address for Bazar');

test('the cart tells an unverified shopper, and sends the link again when asked', async () => {
  const page = await (await browsingIn(browser, 'en', 'phone')).newPage();
  await openSignedIn(page, '/cart', newShopper);
  const notice = page.getByRole('region', { name: 'Verify your email address to order' });
  await notice.getByText(`We sent a link to ${newShopper.email}. Open it to place orders; you can fill your cart meanwhile.`).waitFor();
  // the sign-in sent the first mail a moment ago
  await eventually(async () => expect(await verificationMails(newShopper.email)).toHaveLength(1));
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await notice
    .getByRole('status')
    .getByText('We sent you the link less than a minute ago; look in your inbox and your spam folder')
    .waitFor();

  // a minute on, the link goes again
  await users.collection('users').updateOne({ email: newShopper.email }, { $set: { verificationMailAt: new Date(Date.now() - 61_000) } });
  await page.reload();
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await notice.getByRole('status').getByText(`Sent. Look in the inbox of ${newShopper.email}, and in the spam folder.`).waitFor();
  expect(await notice.getByRole('button', { name: 'Send the link again' }).isDisabled()).toBe(true);
  await eventually(async () => expect(await verificationMails(newShopper.email)).toHaveLength(2));
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/verify-email-cart-en-390.png', fullPage: true });
});

test('checkout tells it at the top, in Bangla', async () => {
  const page = await (await browsingIn(browser, 'bn', 'phone')).newPage();
  await openSignedIn(page, '/checkout', newShopper);
  const notice = page.getByRole('region', { name: 'অর্ডার দিতে আপনার ইমেইল ঠিকানা যাচাই করুন' });
  await notice.getByText(`${newShopper.email} ঠিকানায় একটি লিংক পাঠানো হয়েছে।`, { exact: false }).waitFor();
  await notice.getByRole('button', { name: 'লিংকটি আবার পাঠান' }).waitFor();
  // above the form: the first thing the shopper reads
  const noticeTop = (await notice.boundingBox())!.y;
  const formTop = (await page.locator('form#billing').boundingBox())!.y;
  expect(noticeTop).toBeLessThan(formTop);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/verify-email-checkout-bn-390.png' });
});

test('a verified shopper sees no notice', async () => {
  const page = await (await browsingIn(browser, 'en', 'phone')).newPage();
  await openSignedIn(page, '/checkout', await createAccount('verifiednotice'));
  await page.getByRole('heading', { name: 'Billing Details' }).waitFor();
  // the notice would show as soon as the page has read the sign-in's token
  await page.waitForTimeout(1_000);
  expect(await page.getByRole('region', { name: 'Verify your email address to order' }).count()).toBe(0);
});

test('the notice goes once the shopper has verified, at the next token, without a reload', async () => {
  // the storefront's tokens last 60 s: keycloak-js takes the next one as this one expires
  test.setTimeout(150_000);
  const shopper = await createAccount('verifieslater', undefined, { emailVerified: false });
  const page = await (await browsingIn(browser, 'en', 'phone')).newPage();
  await openSignedIn(page, '/cart', shopper);
  const notice = page.getByRole('region', { name: 'Verify your email address to order' });
  await notice.waitFor();

  // the shopper follows the mail's link elsewhere (Keycloak marks the address verified)
  const { id } = (await keycloakAccount(shopper.email))!;
  const account = (await (await keycloakAdmin('GET', `/users/${id}`)).json()) as Record<string, unknown>;
  const updated = await keycloakAdmin('PUT', `/users/${id}`, { ...account, emailVerified: true });
  expect(updated.status).toBe(204);

  await notice.waitFor({ state: 'detached', timeout: 100_000 });
  expect(new URL(page.url()).pathname).toBe('/cart');
});

// A shopper who stays on the store past the access token's lifetime (60 s for the storefront client)
// keeps working: keycloak-js refreshes the token with a refresh_token grant, and Add To Cart goes
// through with the new one. The wait is real time on purpose: the expiry is Keycloak's and the
// gateway's clock, not the page's.
import { expect, test } from '@bazar/testing/browser-test';
import { createAccount, gatewayCall, type Credentials } from '@bazar/testing';
import type { Request } from 'playwright-core';
import { catalogProducts, pagePerFile, signIn, waitForPath, webUrl } from '@bazar/testing/pages';

test.describe.configure({ timeout: 180_000 });

const TOKEN_ENDPOINT = '/auth/realms/bazar/protocol/openid-connect/token';
/** The gateway accepts a token this long after its expiry (clock skew). */
const GATEWAY_TOLERANCE_MS = 5_000;

const page = pagePerFile();
let shopper: Credentials;

test.beforeAll(async () => {
  shopper = await createAccount('staying');
});

const bearerOf = (request: Request) => request.headers().authorization?.replace(/^Bearer /, '');
const expiryOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number }).exp * 1000;
const isRefresh = (request: Request) =>
  new URL(request.url()).pathname === TOKEN_ENDPOINT && new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token';

test('a shopper who stays past the access token lifetime adds to the cart with a refreshed token', async () => {
  const product = (await catalogProducts()).find((candidate) => candidate.quantity >= 10);
  if (!product) throw new Error('no product with stock to add');
  const refreshes: Request[] = [];
  page.on('request', (request) => void (isRefresh(request) && refreshes.push(request)));
  const firstCall = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/') && !!bearerOf(request));

  await page.goto(`${webUrl}/product-details/${product._id}`);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, shopper);
  await waitForPath(page, `/product-details/${product._id}`);
  await page.getByRole('banner').getByRole('button', { name: 'Singout' }).waitFor();
  const firstToken = bearerOf(await firstCall)!;
  const expiresAt = expiryOf(firstToken);
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(60_000);

  // the shopper stays on the page until the gateway no longer takes the first token
  await page.waitForTimeout(Math.max(0, expiresAt + GATEWAY_TOLERANCE_MS + 1_500 - Date.now()));
  expect((await gatewayCall('GET', `/myallcart/${encodeURIComponent(shopper.email)}`, firstToken)).status).toBe(401);

  const [added] = await Promise.all([
    page.waitForRequest((request) => new URL(request.url()).pathname === '/api/addtocart' && request.method() === 'POST'),
    page.getByRole('button', { name: 'Add To Cart' }).click(),
  ]);
  await page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'SuccessFully Added' })
    .getByText('You Can Checkout this Product Now')
    .waitFor();
  expect((await added.response())?.status()).toBe(201);
  const freshToken = bearerOf(added)!;
  expect(freshToken).not.toBe(firstToken);
  expect(expiryOf(freshToken)).toBeGreaterThan(Date.now());

  // keycloak-js asked Keycloak for the new token with the refresh token, and got it
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect((await refreshes[0]!.response())?.status()).toBe(200);
  // a fresh shopper's cart badge follows: one line
  await page.waitForFunction(() => document.querySelector('header a[aria-label^="Cart"]')?.textContent === '1');
});

import { expect, test } from '@bazar/testing/browser-test';
import type { Route } from 'playwright-core';
import { pagePerTest, signInAsShopper, waitForPath, webUrl } from '@bazar/testing/pages';

const page = pagePerTest({});
const gone = (route: Route) => route.fulfill({ status: 404, body: 'Not Found' });
// What the browser sees when mf-cart's code is gone, without touching the shared files. Its manifest
// stays: the shell reads a remote's pages from it, so without it the remote's addresses are unknown
// (not found) rather than unavailable.
test.beforeEach(() => page.route((url) => url.pathname.startsWith('/mf/cart/') && !url.pathname.endsWith('/mf-manifest.json'), gone));

const unavailable = 'This part of the store is unavailable right now';

test('without mf-cart the home page still lists products, and asks for none of its code', async () => {
  const cartRequests: string[] = [];
  await page.route('**/mf/cart/mf-manifest.json', gone);
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/mf/cart/') && !pathname.endsWith('/mf-manifest.json')) cartRequests.push(request.url());
  });
  await page.goto(webUrl);
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();
  expect(await page.getByText(unavailable).count()).toBe(0);
  // 'loaded-first' sharing: a remote's code is fetched only when one of its pages is shown (the shell
  // reads every remote's manifest for its pages).
  expect(cartRequests).toEqual([]);
});

test("without mf-cart's code, the home page's cards still show their products, with Add to cart disabled and saying why", async () => {
  await page.goto(webUrl);
  const card = page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first();
  await card.getByRole('heading').waitFor();
  // Add to cart is the cart's (mf-cart's `./add-to-cart`): the card waits for none of it, and says so
  // once the cart's code has failed to come
  const unavailableButton = card.getByRole('button', { name: 'Cart unavailable' });
  await unavailableButton.waitFor();
  expect(await unavailableButton.isDisabled()).toBe(true);
  expect(await card.getByText(/৳/).first().isVisible()).toBe(true);
  expect(await page.getByText(unavailable).count()).toBe(0);

  // The cart's code back: the next page that shows cards loads it again.
  await page.unrouteAll();
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await page.getByRole('heading', { name: 'Why People Choose Their Daily Organic Life With Us' }).waitFor();
  await page.goBack();
  await page
    .getByRole('region', { name: 'Recently Sold Items' })
    .getByRole('article')
    .first()
    .getByRole('button', { name: 'Add' })
    .waitFor();
});

test('without mf-cart, /cart shows the fallback inside a working top bar and footer, and Retry recovers', async () => {
  await page.goto(`${webUrl}/cart`);
  // /cart is for signed-in shoppers: the guard hands over to Keycloak and comes back here.
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signInAsShopper(page);
  await waitForPath(page, '/cart');

  const fallback = page.getByRole('alert');
  await fallback.getByRole('heading', { name: unavailable }).waitFor();
  await page.getByText('Copyright 2022').waitFor();
  const header = page.getByRole('banner');
  expect(await header.getByRole('link', { name: 'Bazar home' }).isVisible()).toBe(true);
  expect(await header.getByRole('button', { name: 'Singout' }).isVisible()).toBe(true);

  // The top bar keeps working while the cart remote is down.
  await header.getByRole('link', { name: 'About', exact: true }).click();
  await page.getByRole('heading', { name: 'Why People Choose Their Daily Organic Life With Us' }).waitFor();
  await page.goBack();
  await fallback.getByRole('button', { name: 'Retry' }).waitFor();

  // Files back: Retry loads the remote without a page reload.
  await page.unrouteAll();
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { name: 'Your Cart', exact: true }).waitFor();
  expect(await page.getByText(unavailable).count()).toBe(0);
});

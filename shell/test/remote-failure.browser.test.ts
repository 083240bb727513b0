import { pagePerTest, signInAsShopper, waitForPath, webUrl } from './browser';

const page = pagePerTest({});
// What the browser sees when mf-cart's built files are gone, without touching the shared files.
beforeEach(() => page.route('**/mf/cart/**', (route) => route.fulfill({ status: 404, body: 'Not Found' })));

const unavailable = 'This part of the store is unavailable right now';

test('without mf-cart the home page still lists products, and never asks for mf-cart', async () => {
  const cartRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mf/cart/')) cartRequests.push(request.url());
  });
  await page.goto(webUrl);
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();
  expect(await page.getByText(unavailable).count()).toBe(0);
  // 'loaded-first' sharing: a remote's files are fetched only when one of its pages is shown.
  expect(cartRequests).toEqual([]);
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
  await page.unroute('**/mf/cart/**');
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { name: 'Your Cart', exact: true }).waitFor();
  expect(await page.getByText(unavailable).count()).toBe(0);
});

// What the home page shows while its products are on the way and when the API fails: skeleton cards,
// then an error with Retry that recovers once the API answers again. Chromium's own network is held
// or failed (page.route); the stack itself is untouched.
import { expect, pagePerTest, test } from '@bazar/testing/browser-test';
import { stackEnv } from '@bazar/testing';

const page = pagePerTest();

/** the home page's products (`?pageSize=16`) */
const PRODUCTS = /\/api\/products\?/;
const recentlySold = () => page.getByRole('main').getByRole('region', { name: 'Recently Sold Items' });

// Home as the client-rendered app, as nginx serves it until the renderer has rendered it (renderer/):
// a rendered home holds its products already, with nothing to wait for or to fail.
test.beforeEach(() =>
  page.route(`${stackEnv.webUrl}/`, async (route) =>
    route.fulfill({ response: await route.fetch({ url: `${stackEnv.webUrl}/index.html` }) }),
  ),
);

test('skeleton cards hold the place of the products until they arrive', async () => {
  let letThrough!: () => void;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(PRODUCTS, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(stackEnv.webUrl);

  const skeleton = recentlySold().getByRole('status', { name: 'Loading products' });
  await skeleton.waitFor();
  const skeletonCards = skeleton.locator(':scope > *');
  expect(await skeletonCards.count()).toBe(10);
  expect(await recentlySold().getByRole('article').count()).toBe(0);
  const placeHeld = (await skeletonCards.first().boundingBox())!;
  // the static sections do not wait for the products
  expect(await page.getByRole('region', { name: 'Highlights' }).isVisible()).toBe(true);
  await page.screenshot({ path: 'test-results/home-loading.png' });

  letThrough();
  const firstCard = recentlySold().getByRole('article').first();
  await firstCard.waitFor();
  await skeleton.waitFor({ state: 'detached' });
  // the cards come where the skeleton stood: nothing above them moved
  const card = (await firstCard.boundingBox())!;
  expect([card.x, card.y, card.width]).toEqual([placeHeld.x, placeHeld.y, placeHeld.width]);
});

test('a failed product list shows an error with Retry, and Retry recovers once the API answers', async () => {
  let failing = true;
  await page.route(PRODUCTS, (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) })
      : route.continue(),
  );
  await page.goto(stackEnv.webUrl);

  const error = recentlySold().getByRole('alert');
  await error.getByText('We could not load the products.', { exact: true }).waitFor();
  expect(await recentlySold().getByRole('article').count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Highlights' }).isVisible()).toBe(true);
  await page.screenshot({ path: 'test-results/home-error.png' });

  failing = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await recentlySold().getByRole('article').first().waitFor();
  expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
});

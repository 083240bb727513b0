// The shop's usual gestures on a product card, in Chromium for a fresh shopper and a product of the
// test's own (2 on the shelf): the name and the picture open the product page; Add counts on the cart
// badge before the server answers and says so in a toast that blocks nothing, closes by itself and
// has an Undo; a card whose product is in the cart has − and + instead of Add; what the server
// refuses is taken back on screen with its reason. Screenshots at a phone's and a laptop's width.
import { expect, test } from '@bazar/testing/browser-test';
import {
  createAccount,
  launchChromium,
  openRendered,
  publishProduct,
  removeProduct,
  stackEnv,
  widthPastTheScreen,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';

const SCREENSHOTS = 'test-results';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let product: TestProduct;

test.beforeAll(async () => {
  browser = await launchChromium();
  product = await publishProduct('Chinigura Rice 1 kg', 2);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});

const searchPath = () => `/search?search=${encodeURIComponent(product.name)}`;
const searchPage = () => `${stackEnv.webUrl}${searchPath()}`;
const card = (on: Page = page) => on.getByRole('article').filter({ has: on.getByRole('heading', { name: product.name }) });
const badge = (count: number, on: Page = page) => on.getByRole('banner').getByRole('link', { name: `Cart, ${count}` });
const toast = (text: string, on: Page = page) =>
  on
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });
const stepper = (on: Page = page) => card(on).getByRole('group', { name: `Quantity of ${product.name}` });
const quantityShown = (quantity: number, on: Page = page) => stepper(on).locator('output').getByText(String(quantity), { exact: true });

/** Waits until the toast has slid in, for a screenshot that shows it whole. */
const slidIn = (shown: ReturnType<typeof toast>) =>
  shown.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));

/** How many taps index.html's inline script keeps for the page's code to make again. */
const keptTaps = () => page.evaluate(() => (window as unknown as { bazarEarlyInput?: { taps: unknown[] } }).bazarEarlyInput?.taps.length);

/** Holds the scripts `pattern` matches until the answered `release` lets them through and stops. */
async function holdScripts(pattern: string): Promise<() => Promise<void>> {
  let letThrough = () => {};
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  // a request of a page left meanwhile (opened again until it comes rendered) is gone by then
  const hold = (route: Route) => released.then(() => route.continue().catch(() => undefined));
  await page.route(pattern, hold);
  return async () => {
    letThrough();
    await page.unroute(pattern, hold);
  };
}

/** Holds the next add-to-cart request until `release` is called, to see the screen before the answer. */
async function holdNextAdd(): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/addtocart',
    async (route: Route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return { release };
}

test("a card's name and its picture open the product page", async () => {
  await page.goto(searchPage());
  await card().getByRole('link', { name: product.name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/product-details/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

  await page.goBack();
  await card().locator('a[tabindex="-1"]').click(); // the picture
  await page.waitForURL((url) => url.pathname === `/product-details/${product._id}`);
  // The picture's link is left out of the tab order and of what screen readers list: the name is that link.
  await page.goBack();
  const links = await card()
    .getByRole('link')
    .evaluateAll((found) => found.map((link) => link.getAttribute('aria-label') ?? link.textContent));
  expect(links).toEqual([`Details of ${product.name}`, product.name]);
});

test('Add counts on the badge at once, then a toast with Undo says so without blocking the page; Undo takes the line off', async () => {
  const shopper = await createAccount('gestures');
  await page.goto(`${stackEnv.webUrl}/cart`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await page.locator('#username').fill(shopper.email);
  await page.locator('#password').fill(shopper.password);
  await page.locator('#kc-login').click();
  await page.waitForURL((url) => url.pathname === '/cart');
  await page.goto(searchPage());
  await badge(0).waitFor(); // the cart has been read: the badge has no count before

  const answer = await holdNextAdd();
  try {
    await card().getByRole('button', { name: 'Add' }).click();
    // Before the server has answered: the badge, and the card's stepper, already count it.
    await badge(1).waitFor();
    await quantityShown(1).waitFor();
  } finally {
    answer.release();
  }

  const added = toast('SuccessFully Added');
  await added.getByText('You Can Checkout this Product Now').waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  // Nothing covers the page: the search box takes typing while the toast shows.
  await page.getByRole('combobox', { name: 'Search products' }).first().fill('dal');
  await slidIn(added);
  await page.screenshot({ path: `${SCREENSHOTS}/card-toast-laptop.png` });

  await added.getByRole('button', { name: 'Undo' }).click();
  await badge(0).waitFor();
  await card().getByRole('button', { name: 'Add' }).waitFor();
  await added.waitFor({ state: 'detached' });
  // The server agrees once the page is read afresh.
  await page.reload();
  await badge(0).waitFor();
  await card().getByRole('button', { name: 'Add' }).waitFor();
});

test('the toast closes by itself', async () => {
  await card().getByRole('button', { name: 'Add' }).click();
  const added = toast('SuccessFully Added');
  await added.waitFor();
  await page.mouse.move(0, 0);
  await added.waitFor({ state: 'detached', timeout: 12_000 });
  await badge(1).waitFor();
});

test('the stepper on a card changes the quantity; the shelf limit is refused and taken back with the reason; − at one puts Add back', async () => {
  await quantityShown(1).waitFor();
  await stepper().getByRole('button', { name: 'One more' }).click();
  await quantityShown(2).waitFor();
  await badge(2).waitFor();

  // Only 2 on the shelf: the third is shown, refused, and taken back.
  await stepper().getByRole('button', { name: 'One more' }).click();
  await card().getByRole('alert').waitFor();
  await quantityShown(2).waitFor();
  await badge(2).waitFor();
  expect(await card().getByRole('alert').innerText()).not.toBe('');
  await page.screenshot({ path: `${SCREENSHOTS}/card-stepper-refused-laptop.png` });

  await page.reload();
  await quantityShown(2).waitFor();
  await stepper().getByRole('button', { name: 'One less' }).click();
  await quantityShown(1).waitFor();
  await badge(1).waitFor();
  await stepper().getByRole('button', { name: 'One less' }).click();
  await card().getByRole('button', { name: 'Add' }).waitFor();
  await badge(0).waitFor();
  await page.reload();
  await card().getByRole('button', { name: 'Add' }).waitFor();
  await badge(0).waitFor();
});

test("an add the server refuses is taken off the badge again, with the server's reason", async () => {
  await page.route('**/api/addtocart', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: `Only 0 of ${product.name} left`, code: 'not-enough-stock' }),
    }),
  );
  await card().getByRole('button', { name: 'Add' }).click();
  await toast('Oops...').getByText(`Only 0 of ${product.name} left`).waitFor();
  await badge(0).waitFor();
  await card().getByRole('button', { name: 'Add' }).waitFor();
  await page.unroute('**/api/addtocart');
});

test('an Add tapped on the page as it came rendered, before its code has run, is made once it has', async () => {
  const release = await holdScripts('**/*.js');
  try {
    await openRendered(page, searchPath(), { waitUntil: 'commit' });
    await card().getByRole('button', { name: 'Add' }).click();
    // None of the page's code has run: the tap is kept by index.html's inline script.
    expect(await keptTaps()).toBe(1);
  } finally {
    await release();
  }
  const added = toast('SuccessFully Added');
  await added.getByText('You Can Checkout this Product Now').waitFor();
  // the focus goes from Add to the stepper that took its place, though the tap waited for the session
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'One more');
  await added.getByRole('button', { name: 'Undo' }).click();
  await badge(0).waitFor();
  await card().getByRole('button', { name: 'Add' }).waitFor();
});

test("an Add tapped while the shell's code runs and the card's own code is slow to come is made once it has", async () => {
  const release = await holdScripts('**/mf/catalog/**/*.js');
  try {
    await openRendered(page, searchPath(), { waitUntil: 'commit' });
    // the shell's code has hydrated its own part (the top bar): the card's part waits for its code
    await page.waitForFunction(() => {
      const topBar = document.querySelector('header');
      return topBar !== null && Object.keys(topBar).some((key) => key.startsWith('__reactFiber$'));
    });
    await card().getByRole('button', { name: 'Add' }).click();
    expect(await keptTaps()).toBe(1);
    // longer than the 5 s the shell once waited for every part to hydrate (then it gave up the tap)
    await page.waitForTimeout(7_000);
  } finally {
    await release();
  }
  const added = toast('SuccessFully Added');
  await added.getByText('You Can Checkout this Product Now').waitFor();
  await added.getByRole('button', { name: 'Undo' }).click();
  await badge(0).waitFor();
  await card().getByRole('button', { name: 'Add' }).waitFor();
});

test('at a phone width the card, its stepper and the toast fit the screen', async () => {
  const phone = await browser.newPage({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    storageState: await context.storageState(),
  });
  try {
    await phone.goto(searchPage());
    await card(phone).getByRole('button', { name: 'Add' }).click();
    await toast('SuccessFully Added', phone).getByRole('button', { name: 'Undo' }).waitFor();
    await quantityShown(1, phone).waitFor();
    expect(await widthPastTheScreen(phone)).toBe(0);
    const box = await toast('SuccessFully Added', phone).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await slidIn(toast('SuccessFully Added', phone));
    await phone.screenshot({ path: `${SCREENSHOTS}/card-toast-phone.png` });
    await toast('SuccessFully Added', phone).getByRole('button', { name: 'Undo' }).click();
    await badge(0, phone).waitFor();
  } finally {
    await phone.close();
  }
});

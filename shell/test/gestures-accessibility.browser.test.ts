// axe-core in Chromium on the screens issue 21's gestures touched, at a phone's width (390 px) and a
// laptop's: product cards with a stepper and the add-to-cart toast open (home, search, product page),
// the cart page's steppers, All Users (the delete button of each row), and the sign-up page showing
// 'Provide a valid Email'. No serious or critical violation, which includes every button and link
// having an accessible name (axe's button-name and link-name rules).
import { expect, test } from '@bazar/testing/browser-test';
import { ACCOUNTS, createAccount, launchChromium, publishProduct, removeProduct, stackEnv, type TestProduct } from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '@bazar/testing/pages';

const webUrl = stackEnv.webUrl;

let browser: Browser;
let product: TestProduct;
test.beforeAll(async () => {
  browser = await launchChromium();
  product = await publishProduct('Moshur Dal 1 kg', 20);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});

/** axe's serious and critical violations on the page, each line prefixed with where it was. */
const violationsAt = async (page: Page, where: string) => (await seriousViolations(page)).map((line) => `${where}: ${line}`);

async function signedInContext(width: number, account: { email: string; password: string }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${webUrl}/cart`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await page.locator('#username').fill(account.email);
  await page.locator('#password').fill(account.password);
  await page.locator('#kc-login').click();
  await page.waitForURL((url) => url.pathname === '/cart');
  await page.close();
  return context;
}

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'SuccessFully Added' });
/** Waits until the toast has finished sliding and fading in: axe measures the contrast of what is
 *  on screen, and halfway through its entrance the toast is still translucent. */
const toastSettled = (page: Page) =>
  toast(page).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
const widths = [
  ['a phone', 390],
  ['a laptop', 1280],
] as const;

for (const [label, width] of widths) {
  test(`a shopper on ${label}: cards with a stepper and the toast, the product page, the cart`, async () => {
    const shopper = await createAccount(`axe${width}`);
    const context = await signedInContext(width, shopper);
    const found: string[] = [];
    try {
      const page = await context.newPage();
      await page.goto(`${webUrl}/search?search=${encodeURIComponent(product.name)}`);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name }) });
      await card.getByRole('button', { name: 'Add' }).click();
      await toast(page).getByRole('button', { name: 'Undo' }).waitFor();
      await card.getByRole('group', { name: `Quantity of ${product.name}` }).waitFor();
      await toastSettled(page);
      found.push(...(await violationsAt(page, `search at ${width}px, toast open`)));

      await page.goto(webUrl);
      await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();
      found.push(...(await violationsAt(page, `home at ${width}px`)));

      await page.goto(`${webUrl}/product-details/${product._id}`);
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await toast(page).waitFor();
      await toastSettled(page);
      found.push(...(await violationsAt(page, `product page at ${width}px, toast open`)));

      await page.goto(`${webUrl}/cart`);
      await page.getByRole('group', { name: `Quantity of ${product.name}` }).waitFor();
      found.push(...(await violationsAt(page, `cart at ${width}px`)));
      await page.screenshot({ path: `test-results/cart-stepper-${width}.png`, fullPage: true });
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  });
}

for (const [label, width] of widths) {
  test(`an admin on ${label}: All Users, whose delete buttons are named`, async () => {
    const context = await signedInContext(width, ACCOUNTS.admin);
    try {
      const page = await context.newPage();
      await page.goto(`${webUrl}/dashboard/all-users`);
      await page.getByRole('table').waitFor();
      const deletes = page.getByRole('button', { name: /^Delete / });
      expect(await deletes.count()).toBeGreaterThan(0);
      expect(await violationsAt(page, `All Users at ${width}px`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

for (const [label, width] of widths) {
  test(`sign-up on ${label}, showing 'Provide a valid Email'`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    try {
      await page.goto(`${webUrl}/singup`);
      await page.locator('#email').fill('rahim uddin@gmail.com');
      await page.getByRole('button', { name: 'Singup' }).click();
      await page.locator('[data-bz-error-for="email"]').getByText('Provide a valid Email').waitFor();
      expect(await violationsAt(page, `sign-up at ${width}px`)).toEqual([]);
    } finally {
      await page.close();
    }
  });
}

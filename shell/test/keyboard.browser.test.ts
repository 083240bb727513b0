// The store with the keyboard alone: a fresh shopper signs in, adds a product from the home page,
// goes to the cart, on to checkout (their saved address chosen, a delivery slot picked with Space)
// and places the order, pressing only Tab, Enter, Escape, Space and typing.
// The test watches where the focus is; it never clicks.
import { expect, test } from '@bazar/testing/browser-test';
import { OrderList } from '@bazar/contracts';
import { createAccount, eventually, gatewayCall, signIn as tokenFor, signedInAndSynced, stackEnv, TEST_ADDRESS } from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, waitForPath, webUrl } from '@bazar/testing/pages';

let browser: Browser;
test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(() => browser?.close());

/** The focused element's accessible text: its aria-label, its label's text (a radio), or its visible text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.innerText : undefined;
    return (element?.getAttribute('aria-label') ?? label ?? element?.innerText ?? '').trim();
  });

/** Presses Tab until the focus is on an element named `name` (at most 200 times). */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press('Tab');
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

test('a shopper places an order without the mouse', async () => {
  const shopper = await createAccount('keyboard');
  // a saved address, which checkout chooses for them
  expect((await gatewayCall('POST', '/addresses', await signedInAndSynced(shopper), { address: TEST_ADDRESS })).status).toBe(201);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

  await page.goto(`${webUrl}/login`);
  // the login page focuses the username field (once its document is loaded, after the field shows)
  await page.waitForFunction(() => document.activeElement?.id === 'username');
  await page.keyboard.type(shopper.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(shopper.password);
  await page.keyboard.press('Enter');
  await waitForPath(page, '/');
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();

  await tabTo(page, 'Add');
  await page.keyboard.press('Enter');
  // The toast takes no focus, and the focus moves from Add to the stepper that took its place.
  await page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'SuccessFully Added' })
    .waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'One more');

  await tabTo(page, /^Cart, 1$/);
  await page.keyboard.press('Enter');
  await waitForPath(page, '/cart');
  await tabTo(page, 'Proceed to Checkout');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/checkout');
  // the first delivery slot offered: Tab reaches the group, Space picks it
  await tabTo(page, /\d:00/);
  await page.keyboard.press('Space');
  await tabTo(page, 'Place Order');
  await page.keyboard.press('Enter');
  await page.getByText('Please go to my order page to pay').waitFor();

  const token = await tokenFor(shopper.email, shopper.password);
  await eventually(async () => {
    const orders = OrderList.parse(
      await (await fetch(`${stackEnv.gatewayUrl}/myorders`, { headers: { authorization: `Bearer ${token}` } })).json(),
    );
    expect(orders).toHaveLength(1);
  });
  await page.close();
});

// Issue 53 finding 5: a status change reaches an open My Orders from the stream's message itself.
// An admin on the Orders page moves a shopper's order four steps in a row, each click as soon as the
// page offers the next; the shopper's My Orders, open in another browser context, shows each step,
// in order, while every read of either page's order list after it loaded is held unanswered: what
// the screens show can only come from the stream (and the admin's own answers). The time from each
// click to the shopper's screen is printed, not asserted (tests hold no wall-clock targets).
import { expect, test } from '@bazar/testing/browser-test';
import type { Order } from '@bazar/contracts';
import {
  ACCOUNTS,
  createAccount,
  launchChromium,
  openSignedIn,
  placeOrder,
  publishProduct,
  removeProduct,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

let browser: Browser;
let product: TestProduct;
let shopper: Credentials;
let order: Order;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  browser = await launchChromium();
  [product, shopper] = await Promise.all([publishProduct('Hilsa 1 kg', 5), createAccount('orderinstant')]);
  order = await placeOrder(shopper, product, 1);
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await removeProduct(product);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

const STEPS = [
  ['Confirmed', 'Mark as Confirmed'],
  ['Packed', 'Mark as Packed'],
  ['Out for delivery', 'Mark as Out for delivery'],
  ['Delivered', 'Mark as Delivered'],
] as const;
const ORDER_LISTS = /\/api\/(myorders|allorders)(\?|$)/;

/** Holds every later read of `page`'s order list unanswered (a re-read could otherwise show a step
 *  the stream did not), and counts them. */
async function holdListReads(page: Page): Promise<{ held: number }> {
  const reads = { held: 0 };
  await page.route(ORDER_LISTS, () => void reads.held++);
  return reads;
}

test('four moves in a row each reach the shopper’s open My Orders from the stream, with no list re-read answered', async () => {
  const shopperPage = await newPage();
  await openSignedIn(shopperPage, '/dashboard/my-orders', shopper);
  const card = shopperPage.getByRole('listitem', { name: `Order ${order._id}` });
  await card.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]').getByText('Placed', { exact: true }).waitFor();
  await shopperPage.getByText('Live updates on').waitFor();
  const shopperReads = await holdListReads(shopperPage);
  // every change of the card's current step, with the wall clock's time it appeared (the same clock
  // as this test's: one machine)
  await shopperPage.evaluate(
    ({ id, statuses }) => {
      const shown: { status: string; at: number }[] = [];
      Object.assign(window, { shownSteps: shown });
      let last = '';
      const look = () => {
        // the step shows its status, then the time it was reached
        const text = document.querySelector(`[aria-label="Order ${id}"] [aria-current="step"]`)?.textContent?.trim() ?? '';
        const step = statuses.find((status) => text.startsWith(status)) ?? text;
        if (step !== last) shown.push({ status: (last = step), at: Date.now() });
      };
      look();
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { id: order._id, statuses: ['Placed', ...STEPS.map(([status]) => status)] },
  );

  const adminPage = await newPage();
  await openSignedIn(adminPage, '/dashboard/orders', ACCOUNTS.admin);
  const orders = adminPage.getByRole('region', { name: 'Orders' });
  await orders.getByLabel('Order id, phone or email').fill(order._id);
  await orders.getByRole('button', { name: 'Search' }).click();
  await orders.getByText(/^Page 1 of 1 · 1 order$/).waitFor();
  await adminPage.getByText('Live updates on').waitFor();
  await orders.getByRole('button', { name: new RegExp(order._id) }).click();
  const detail = orders.getByRole('region', { name: `Order ${order._id}` });
  await detail.getByRole('button', { name: STEPS[0][1] }).waitFor();
  const adminReads = await holdListReads(adminPage);

  const clicks: number[] = [];
  for (const [, action] of STEPS) {
    // the next click as soon as the admin's page offers it, not waiting for the shopper's screen
    const button = detail.getByRole('button', { name: action });
    await button.waitFor();
    clicks.push(Date.now());
    await button.click();
  }
  await detail.getByRole('listitem').filter({ hasText: 'Delivered' }).getByText('by an admin').waitFor();
  await card.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]').getByText('Delivered', { exact: true }).waitFor();

  const shown = (
    await shopperPage.evaluate(() => (window as unknown as { shownSteps: { status: string; at: number }[] }).shownSteps)
  ).slice(1);
  const times = STEPS.map(([status], index) => {
    const seen = shown.find((step) => step.status === status);
    return seen ? seen.at - clicks[index]! : Number.POSITIVE_INFINITY;
  });
  console.log(
    `click to the shopper's screen: ${STEPS.map(([status], index) => `${status} ${times[index]} ms`).join(', ')}; ` +
      `list re-reads held unanswered: shopper ${shopperReads.held}, admin ${adminReads.held}`,
  );
  expect(shown.map(({ status }) => status)).toEqual(STEPS.map(([status]) => status));
});

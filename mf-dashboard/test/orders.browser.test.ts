// The admin's Orders page against the real order lifecycle: an admin moves a shopper's order from
// placed to delivered, one step at a time, while the shopper's My Orders, open in another browser
// context, shows each step without a reload (the live order stream); a move another admin made
// first is refused in the page's language, naming where the order stands; four moves in a row reach
// the shopper's screen from the stream alone; figures that failed while the order service was away
// are read again once its stream is back.
import { expect, test } from '@bazar/testing/browser-test';
import { ORDER_STREAM_OPENED_EVENT, type Order } from '@bazar/contracts';
import {
  animationsEnded,
  ACCOUNTS,
  catalogProducts,
  createAccount,
  eventually,
  launchChromium,
  gatewayCall,
  openSignedIn,
  browsingIn,
  placeOrder,
  publishProduct,
  removeProduct,
  signedInAndSynced,
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
  [product, shopper] = await Promise.all([publishProduct('Deshi Murgi 1 kg', 5), createAccount('orderlive')]);
  order = await placeOrder(shopper, product, 2);
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await removeProduct(product);
});

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

const STEPS = [
  ['Confirmed', 'Mark as Confirmed'],
  ['Packed', 'Mark as Packed'],
  ['Out for delivery', 'Mark as Out for delivery'],
  ['Delivered', 'Mark as Delivered'],
] as const;

test('an admin takes an order to delivered; the shopper sees every step appear live', async () => {
  const shopperPage = await newPage(1280);
  await openSignedIn(shopperPage, '/dashboard/my-orders', shopper);
  const card = shopperPage.getByRole('listitem', { name: `Order ${order._id}` });
  const currentStep = card.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]');
  await currentStep.getByText('Placed', { exact: true }).waitFor();
  await shopperPage.getByText('Live updates on').waitFor();
  await shopperPage.evaluate(() => Object.assign(window, { notReloaded: true }));

  const adminPage = await newPage(1280);
  await openSignedIn(adminPage, '/dashboard/orders', ACCOUNTS.admin);
  const orders = adminPage.getByRole('region', { name: 'Orders' });
  await orders.getByRole('region', { name: 'Summary' }).getByText("Today's revenue").waitFor();
  await orders.getByLabel('Order id, phone or email').fill(order._id);
  await orders.getByRole('button', { name: 'Search' }).click();
  // the answer to the search, not the list before it (shown until the answer arrives)
  await orders.getByText(/^Page 1 of 1 · 1 order$/).waitFor();
  const row = orders.getByRole('button', { name: new RegExp(order._id) });
  await row.click();
  const detail = orders.getByRole('region', { name: `Order ${order._id}` });
  await detail.getByText(shopper.email).waitFor();
  await detail.getByText('House 7, Road 3, Dhanmondi, Dhaka').waitFor();
  expect(await detail.getByRole('button', { name: 'Cancel order' }).isVisible()).toBe(true);
  await adminPage.screenshot({ path: 'test-results/admin-orders-1280.png', fullPage: true });

  for (const [status, action] of STEPS) {
    // only the next step is offered
    expect(await detail.getByRole('button', { name: /^Mark as / }).allInnerTexts()).toEqual([action]);
    await detail.getByRole('button', { name: action }).click();
    // no reload (checked at the end): only the live stream can bring it (how soon: not a test's
    // business, which never asserts on time)
    await currentStep.getByText(status, { exact: true }).waitFor();
    // the admin's own list follows too, and the history records who moved it
    await row.getByText(status, { exact: true }).waitFor();
    await detail.getByRole('listitem').filter({ hasText: status }).getByText('by an admin').waitFor();
  }
  expect(await detail.getByRole('button', { name: /^Mark as |^Cancel order$/ }).count()).toBe(0);
  expect(await shopperPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // every step of the timeline carries its time
  expect(await card.getByRole('list', { name: 'Order status' }).locator('time').count()).toBe(5);
  expect(await card.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

  await shopperPage.screenshot({ path: 'test-results/my-orders-1280.png', fullPage: true });
  await shopperPage.setViewportSize({ width: 390, height: 844 });
  await shopperPage.screenshot({ path: 'test-results/my-orders-390.png', fullPage: true });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: 'test-results/admin-orders-390.png', fullPage: true });
});

const shelfStock = async () => (await catalogProducts(product.name)).find((shown) => shown._id === product._id)?.quantity;

test("an admin's cancel asks first, then returns the order's units and ends its way", async () => {
  const second = await placeOrder(shopper, product, 1);
  // 5 published, 2 delivered, 1 held by this order
  await eventually(async () => expect(await shelfStock()).toBe(2));
  const adminPage = await newPage(1280);
  await openSignedIn(adminPage, '/dashboard/orders', ACCOUNTS.admin);
  const orders = adminPage.getByRole('region', { name: 'Orders' });
  await orders.getByLabel('Status', { exact: true }).selectOption('placed');
  await orders.getByLabel('Order id, phone or email').fill(shopper.email);
  await orders.getByRole('button', { name: 'Search' }).click();
  await orders.getByText(/^Page 1 of 1 · 1 order$/).waitFor();
  const row = orders.getByRole('button', { name: new RegExp(second._id) });
  await row.click();
  const detail = orders.getByRole('region', { name: `Order ${second._id}` });

  await detail.getByRole('button', { name: 'Cancel order' }).click();
  const ask = adminPage.getByRole('dialog', { name: 'Are you sure?' });
  await ask.getByText("You won't be able to revert this!").waitFor();
  await ask.getByRole('button', { name: 'No, keep it' }).click();
  await ask.waitFor({ state: 'hidden' });
  await row.getByText('Placed', { exact: true }).waitFor();

  await detail.getByRole('button', { name: 'Cancel order' }).click();
  await ask.getByRole('button', { name: 'Yes, cancel it!' }).click();
  // filtered on 'placed', the cancelled order leaves the list
  await row.waitFor({ state: 'detached' });
  await orders.getByLabel('Status', { exact: true }).selectOption('cancelled');
  await orders
    .getByRole('button', { name: new RegExp(second._id) })
    .getByText('Cancelled', { exact: true })
    .waitFor();
  await eventually(async () => expect(await shelfStock()).toBe(3));
});

test('in Bangla, a move another admin made first is refused in Bangla, naming where the order stands', async () => {
  const third = await placeOrder(shopper, product, 1);
  const otherAdmin = await signedInAndSynced(ACCOUNTS.admin);
  const move = (status: string) => gatewayCall('PUT', `/orderstatus/${third._id}`, otherAdmin, { status });
  expect((await move('confirmed')).status).toBe(200);

  const context = await browsingIn(browser, 'bn', 'laptop');
  contexts.push(context);
  const adminPage = await context.newPage();
  // this admin's page hears of no move: its live stream is cut
  await adminPage.route('**/api/orders/live', (route) => route.abort());
  await openSignedIn(adminPage, '/dashboard/orders', ACCOUNTS.admin);
  const main = adminPage.getByRole('main');
  await main.getByLabel('অর্ডার আইডি, ফোন বা ইমেইল').fill(third._id);
  await main.getByRole('button', { name: 'খুঁজুন', exact: true }).click();
  await main.getByRole('button', { name: new RegExp(third._id) }).click();
  const markPacked = main
    .getByRole('region', { name: `অর্ডার ${third._id}` })
    .getByRole('button', { name: 'প্যাক করা হয়েছে হিসেবে চিহ্নিত করুন' });
  await markPacked.waitFor();

  expect((await move('packed')).status).toBe(200);
  await markPacked.click();
  await adminPage
    .getByRole('dialog')
    .getByText('এই অর্ডারের অবস্থা এখন: প্যাক করা হয়েছে; এটি আর ‘প্যাক করা হয়েছে’ হিসেবে চিহ্নিত করা যাবে না')
    .waitFor();
  await animationsEnded(adminPage);
  await adminPage.screenshot({ path: 'test-results/admin-orders-moved-on-bn.png' });
});

const ORDER_LISTS = /\/api\/(myorders|allorders)(\?|$)/;

/** Holds every later read of `page`'s order list unanswered (a re-read could otherwise show a step
 *  the stream did not), and counts them. */
async function holdListReads(page: Page): Promise<{ held: number }> {
  const reads = { held: 0 };
  await page.route(ORDER_LISTS, () => void reads.held++);
  return reads;
}

// Issue 53 finding 5: each of four moves in a row, each click as soon as the admin's page offers the
// next, reaches the shopper's open My Orders while every read of either page's order list after it
// loaded is held unanswered: what the screens show can only come from the stream (and the admin's own
// answers). The time from each click to the shopper's screen is printed, not asserted (tests hold no
// wall-clock targets). An order of its own, of a product of its own, so the stock counted above stays.
test('four moves in a row each reach the shopper’s open My Orders from the stream, with no list re-read answered', async () => {
  const fish = await publishProduct('Hilsa 1 kg', 5);
  const order = await placeOrder(shopper, fish, 1);
  const shopperPage = await newPage(1280);
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

  const adminPage = await newPage(1280);
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
  await removeProduct(fish);
});

// Seen on the stack with the order service stopped for 8 s while an admin moved an order: the refused
// move had the page read its orders again, those reads failed too, and once the service was back and
// the stream 'Live updates on' again, today's figures and the month still said they could not be
// loaded until Retry was pressed. The stream resumed where it left off, so it asked for no re-read.
test('figures that failed while the order service was away are read again once its stream is back', async () => {
  const adminPage = await newPage(1280);
  const away = {
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ error: 'The order service is unavailable; try again shortly' }),
  };
  const FIGURES = /\/api\/(ordersummary|salesreport)$/;
  await adminPage.route('**/api/orders/live', (route) => route.fulfill(away));
  await adminPage.route(FIGURES, (route) => route.fulfill(away));
  await openSignedIn(adminPage, '/dashboard/orders', ACCOUNTS.admin);
  const orders = adminPage.getByRole('region', { name: 'Orders' });
  await orders.getByText("We could not load today's figures.").waitFor();
  await orders.getByText('We could not load the sales of the last 30 days.').waitFor();

  // the service back: the figures are answered, and the stream opens where it left off
  await adminPage.unroute(FIGURES);
  await adminPage.unroute('**/api/orders/live');
  await adminPage.route('**/api/orders/live', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: `event: ${ORDER_STREAM_OPENED_EVENT}\ndata: {"resumed":true}\n\n`,
    }),
  );
  await orders.getByRole('region', { name: 'Summary' }).getByText("Today's revenue").waitFor();
  await orders
    .getByRole('region', { name: 'Last 30 days' })
    .getByText(/orders? · ৳/)
    .waitFor();
  expect(await orders.getByText(/^We could not load/).count()).toBe(0);
  await adminPage.screenshot({ path: 'test-results/admin-orders-back-after-outage.png', fullPage: true });
});

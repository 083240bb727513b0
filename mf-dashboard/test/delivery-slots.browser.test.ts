// The admin's side of where and when (issue 54), in Chromium against the running stack: the Orders
// page shows today's and tomorrow's delivery slots with the places taken, finds a slot's orders, shows
// an order's slot in its row and its address in its detail, and sets a slot's own capacity (a slot
// full is marked so; emptied, the default again). In English at 1280 and 390 px, in Bangla at 390.
import { expect, test } from '@bazar/testing/browser-test';
import { DeliverySlotList, PlaceOrderAnswer, dhakaDay, slotsOn, type Order } from '@bazar/contracts';
import {
  ACCOUNTS,
  animationsEnded,
  browsingIn,
  createAccount,
  gatewayCall,
  launchChromium,
  openSignedIn,
  publishProduct,
  removeProduct,
  SignedInAccount,
  signedInAndSynced,
  TEST_ADDRESS,
  widthPastTheScreen,
  type TestProduct,
} from '@bazar/testing';
import type { Browser } from 'playwright-core';

let browser: Browser;
let product: TestProduct;
let order: Order;
let slot: string;
// Storefront tokens live a minute and a file runs for several: the admin's token is renewed at use.
const admin = new SignedInAccount(ACCOUNTS.admin.email, ACCOUNTS.admin.password);

test.beforeAll(async () => {
  browser = await launchChromium();
  const shopper = await createAccount('slot-admin');
  [product] = await Promise.all([publishProduct('Chinigura Rice 1 kg', 20), signedInAndSynced(ACCOUNTS.admin)]);
  const token = await signedInAndSynced(shopper);
  // tomorrow's last slot (8:00 – 10:00 PM), with room for this order whatever others took
  slot = slotsOn(dhakaDay(new Date(), 1)).at(-1)!;
  const { taken } = DeliverySlotList.parse((await gatewayCall('GET', '/deliveryslots', token)).body).slots.find((one) => one.id === slot)!;
  expect((await gatewayCall('PUT', `/deliveryslots/${slot}`, await admin.freshToken(), { capacity: taken + 5 })).status).toBe(200);
  expect((await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: 1 })).status).toBe(201);
  const placed = await gatewayCall('POST', '/orderplace', token, {
    name: 'Slot Shopper',
    email: shopper.email,
    address: TEST_ADDRESS,
    slot,
  });
  expect(placed.status).toBe(201);
  order = PlaceOrderAnswer.parse(placed.body).order;
});
test.afterAll(async () => {
  await gatewayCall('PUT', `/orders/${order._id}/cancel`, await admin.freshToken());
  await gatewayCall('PUT', `/deliveryslots/${slot}`, await admin.freshToken(), { capacity: null });
  await browser?.close();
  await removeProduct(product);
});

test('the admin finds a slot’s orders, sees the order’s slot and address, and sets the slot’s capacity', async () => {
  const page = await (await browsingIn(browser, 'en', 'laptop')).newPage();
  await openSignedIn(page, '/dashboard/orders', ACCOUNTS.admin);
  const orders = page.getByRole('region', { name: 'Orders' });
  const panel = orders.getByRole('region', { name: 'Delivery slots' });
  const line = panel.getByRole('listitem', { name: /^Tomorrow, 8:00 – 10:00 PM$/ });
  await line.waitFor();
  const slots = DeliverySlotList.parse((await gatewayCall('GET', '/deliveryslots', await admin.freshToken())).body);
  const before = slots.slots.find((one) => one.id === slot)!;
  await expect(line).toContainText(`${before.taken} of ${before.capacity}`);

  // the slot's orders: the filter takes the slot, the row shows it, the detail the address
  await line.getByRole('button', { name: 'Its orders' }).click();
  await expect(orders.getByLabel('Delivery slot', { exact: true })).toHaveValue(slot);
  const row = orders.getByRole('button', { name: new RegExp(order._id) });
  await expect(row).toContainText('Tomorrow, 8:00 – 10:00 PM');
  await row.click();
  const detail = orders.getByRole('region', { name: `Order ${order._id}` });
  for (const text of ['Home', 'House 12, Road 5', 'Flat 4B', 'Dhanmondi, Dhaka', 'Opposite the lake mosque', '01712345678'])
    await expect(detail.getByText(text, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-orders-slot-1280.png', fullPage: true });

  // its own capacity: as many as it has taken, so it is full
  const capacity = line.getByRole('spinbutton');
  await capacity.fill(String(before.taken));
  await line.getByRole('button', { name: 'Save' }).click();
  await expect(line).toContainText(`${before.taken} of ${before.taken} · Full`);
  let now = DeliverySlotList.parse((await gatewayCall('GET', '/deliveryslots', await admin.freshToken())).body).slots.find(
    (one) => one.id === slot,
  )!;
  expect(now).toMatchObject({ capacity: before.taken, capacitySet: true, offered: false });
  // emptied: the default again
  await capacity.fill('');
  await line.getByRole('button', { name: 'Save' }).click();
  await expect(line).toContainText(`${before.taken} of ${slots.defaultCapacity}`);
  now = DeliverySlotList.parse((await gatewayCall('GET', '/deliveryslots', await admin.freshToken())).body).slots.find(
    (one) => one.id === slot,
  )!;
  expect(now).toMatchObject({ capacitySet: false });

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/admin-orders-slot-390.png', fullPage: true });
  await page.context().close();
});

test('in Bangla on a phone, the slots and an order’s slot read in Bangla', async () => {
  const page = await (await browsingIn(browser, 'bn', 'phone')).newPage();
  await openSignedIn(page, '/dashboard/orders', ACCOUNTS.admin);
  const panel = page.getByRole('region', { name: 'ডেলিভারির সময়' });
  const line = panel.getByRole('listitem', { name: 'আগামীকাল, রাত ৮টা–১০টা' });
  await line.waitFor();
  await line.getByRole('button', { name: 'এর অর্ডারগুলো' }).click();
  await expect(page.getByRole('button', { name: new RegExp(order._id) })).toContainText('আগামীকাল, রাত ৮টা–১০টা');
  await animationsEnded(page);
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/admin-orders-slot-bn-390.png', fullPage: true });
  await page.context().close();
});

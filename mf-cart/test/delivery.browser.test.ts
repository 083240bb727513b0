// Where and when (issue 54) in Chromium, signed in through Keycloak: a shopper with saved addresses
// finds the default chosen at checkout, picks another saved one and a delivery slot, places the order
// and sees the slot on My Orders (its card and its timeline); a Bangla shopper on a phone types a
// new address (district and thana from the store's list, in Bangla), picks a slot and sees it on My
// Orders in Bangla; a shopper outside Dhaka names their upazila (Chattogram → Patiya) and finds it
// saved at checkout in English and in Bangla. The order keeps a copy of the address chosen. Screens
// at 1280 and 390 px.
import { expect, test } from '@bazar/testing/browser-test';
import {
  animationsEnded,
  browsingIn,
  chooseWhereAndWhen,
  createAccount,
  gatewayCall,
  launchChromium,
  openSignedIn,
  publishProduct,
  removeProduct,
  signedInAndSynced,
  TEST_ADDRESS,
  widthPastTheScreen,
  type Credentials,
  type TestProduct,
} from '@bazar/testing';
import { OrderList, SavedAddress, dhakaDay, type DeliveryAddress } from '@bazar/contracts';
import type { Browser, Page } from 'playwright-core';

const OFFICE: DeliveryAddress = {
  label: 'Office',
  district: 'Dhaka',
  area: 'Motijheel',
  road: '9 Dilkusha C/A, 7th floor',
  landmark: 'Beside Sonali Bank',
  phone: '01812345678',
};

let browser: Browser;
let product: TestProduct;

test.beforeAll(async () => {
  browser = await launchChromium();
  product = await publishProduct('Deshi Masur Dal 1 kg', 50);
});
test.afterAll(async () => {
  await browser?.close();
  await removeProduct(product);
});

async function shopperWithCart(label: string): Promise<{ shopper: Credentials; token: string }> {
  const shopper = await createAccount(label);
  const token = await signedInAndSynced(shopper);
  expect((await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: 2 })).status).toBe(201);
  return { shopper, token };
}

/** The shopper's checkout, signed in, in `language` on `device`, once Place Order can be pressed. */
async function checkoutOf(shopper: Credentials, language: 'en' | 'bn', device: 'laptop' | 'phone'): Promise<Page> {
  const page = await (await browsingIn(browser, language, device)).newPage();
  await openSignedIn(page, '/checkout', shopper);
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[form="billing"]')?.disabled);
  return page;
}

/** Places the order on the checkout page; the request's body and the answer's status. */
async function placeTheOrder(page: Page): Promise<{ body: { address?: DeliveryAddress; slot?: string }; status: number }> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orderplace');
  await page.locator('button[form="billing"]').click();
  const response = await answer;
  return { body: response.request().postDataJSON() as { address?: DeliveryAddress; slot?: string }, status: response.status() };
}

test('a shopper with saved addresses has the default chosen, picks another and a slot, and sees the slot on My Orders', async () => {
  const { shopper, token } = await shopperWithCart('where-when');
  for (const [address, makeDefault] of [
    [TEST_ADDRESS, true],
    [OFFICE, false],
  ] as const)
    expect((await gatewayCall('POST', '/addresses', token, { address, makeDefault })).status).toBe(201);

  const page = await checkoutOf(shopper, 'en', 'laptop');
  // the spec's fields stay as they were, the address and the slot beside them
  for (const field of ['Name', 'Email', 'Phone (optional)', 'Additional information']) await expect(page.getByLabel(field)).toBeVisible();
  const saved = page.getByRole('radiogroup', { name: 'Your addresses' });
  await expect(saved.getByRole('radio', { name: /House 12, Road 5, Flat 4B, Dhanmondi, Dhaka/ })).toBeChecked();
  await saved.getByRole('radio', { name: /9 Dilkusha C\/A/ }).check();
  const slot = await chooseWhereAndWhen(page);
  await page
    .getByRole('group', { name: 'Delivery time' })
    .getByText(/Today|Tomorrow/)
    .first()
    .waitFor();
  await page.screenshot({ path: 'test-results/checkout-where-when-en-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/checkout-where-when-en-390.png', fullPage: true });

  const { body, status } = await placeTheOrder(page);
  expect(status).toBe(201);
  expect(body).toMatchObject({ address: OFFICE, slot });
  await page.getByRole('dialog', { name: 'Order placed' }).waitFor();

  // the order keeps its copy: the book changing later does not move it
  const [order] = OrderList.parse((await gatewayCall('GET', '/myorders', token)).body);
  expect(order).toMatchObject({ address: OFFICE, slot });
  const book = SavedAddress.array().parse((await gatewayCall('GET', '/addresses', token)).body);
  const office = book.find((one) => one.label === 'Office')!;
  expect((await gatewayCall('PUT', `/addresses/${office._id}`, token, { address: { ...OFFICE, road: 'Moved away' } })).status).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(page.url().replace(/\/checkout.*/, '/dashboard/my-orders'));
  const card = page.getByRole('listitem', { name: `Order ${order!._id}` });
  const day = slot.slice(0, 10) === dhakaDay(new Date()) ? 'Today' : 'Tomorrow';
  await expect(card.getByTestId('order-slot')).toHaveText(new RegExp(`^Delivery: ${day}, \\d{1,2}:00( [AP]M)? – \\d{1,2}:00 [AP]M$`));
  await expect(card.getByText(/To: 9 Dilkusha C\/A, 7th floor, Motijheel, Dhaka/)).toBeVisible();
  // the timeline ends in the slot
  await expect(card.getByRole('list', { name: 'Order status' }).getByText(new RegExp(`^${day}, `))).toBeVisible();
  await page.screenshot({ path: 'test-results/my-orders-slot-en-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/my-orders-slot-en-390.png', fullPage: true });
  await page.context().close();
});

test('a Bangla shopper on a phone types a new address from the store’s list, picks a slot and sees it in Bangla', async () => {
  const { shopper, token } = await shopperWithCart('where-when-bn');
  const page = await checkoutOf(shopper, 'bn', 'phone');
  // no address saved: the new address's fields, in Bangla, Dhaka's thanas to choose from
  await page.getByLabel('জেলা').selectOption('Dhaka');
  await page.getByLabel('এলাকা / থানা').selectOption({ label: 'মিরপুর' });
  await page.getByLabel('রোড ও বাড়ি').fill('বাড়ি ৭, রোড ২, সেকশন ১০');
  await page.getByLabel('ডেলিভারিম্যানের জন্য ফোন নম্বর').fill('০১৭১২৩৪৫৬৭৮');
  // Place Order without a slot: asked for one, nothing sent
  await page.locator('button[form="billing"]').click();
  await page.getByRole('dialog').getByText('ডেলিভারির একটি সময় বেছে নিন').waitFor();
  await page.getByRole('dialog').getByRole('button').first().click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const slot = await chooseWhereAndWhen(page);
  await page
    .getByRole('group', { name: 'ডেলিভারির সময়' })
    .getByText(/আজ|আগামীকাল/)
    .first()
    .waitFor();
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/checkout-where-when-bn-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/checkout-where-when-bn-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  const { body, status } = await placeTheOrder(page);
  expect(status).toBe(201);
  expect(body).toMatchObject({ address: { district: 'Dhaka', area: 'Mirpur', road: 'বাড়ি ৭, রোড ২, সেকশন ১০' }, slot });
  await page.getByRole('dialog').waitFor();
  // saved to the book as the shopper's first, and so default, address
  const book = SavedAddress.array().parse((await gatewayCall('GET', '/addresses', token)).body);
  expect(book).toMatchObject([{ area: 'Mirpur', phone: '01712345678', isDefault: true }]);

  const [order] = OrderList.parse((await gatewayCall('GET', '/myorders', token)).body);
  await page.goto(page.url().replace(/\/checkout.*/, '/dashboard/my-orders'));
  const card = page.getByRole('listitem', { name: `অর্ডার ${order!._id}` });
  const day = slot.slice(0, 10) === dhakaDay(new Date()) ? 'আজ' : 'আগামীকাল';
  await expect(card.getByTestId('order-slot')).toHaveText(new RegExp(`^ডেলিভারি: ${day}, (সকাল|দুপুর|বিকাল|সন্ধ্যা|রাত) [০-৯]+টা–[০-৯]+টা$`));
  await expect(card.getByText(/ঠিকানা: বাড়ি ৭, রোড ২, সেকশন ১০, মিরপুর, ঢাকা/)).toBeVisible();
  await animationsEnded(page);
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/my-orders-slot-bn-390.png', fullPage: true });
  await page.context().close();
});

test('a shopper in Chattogram names their upazila, and finds the address saved at checkout in English and in Bangla', async () => {
  const { shopper, token } = await shopperWithCart('chattogram');
  const page = await checkoutOf(shopper, 'en', 'laptop');
  await page.getByLabel('District').selectOption('Chattogram');
  const area = page.getByLabel('Area / Thana');
  // the city's thanas and the district's upazilas, not its headquarters alone
  for (const name of ['Panchlaish', 'Double Mooring', 'Patiya', 'Sitakunda'])
    await expect(area.getByRole('option', { name })).toHaveCount(1);
  expect(await area.getByRole('option').count()).toBeGreaterThan(30);
  await area.selectOption('Patiya');
  await page.getByLabel('Road and house').fill('House 4, Thana Road');
  await page.locator('input[name="address.phone"]').fill('01812345678');
  const slot = await chooseWhereAndWhen(page);

  const { body, status } = await placeTheOrder(page);
  expect(status).toBe(201);
  expect(body).toMatchObject({ address: { district: 'Chattogram', area: 'Patiya', road: 'House 4, Thana Road' }, slot });
  await page.getByRole('dialog', { name: 'Order placed' }).waitFor();
  const book = SavedAddress.array().parse((await gatewayCall('GET', '/addresses', token)).body);
  expect(book).toMatchObject([{ district: 'Chattogram', area: 'Patiya', isDefault: true }]);

  // the next checkout starts with it, in English and in Bangla
  expect((await gatewayCall('POST', '/addtocart', token, { productId: product._id, cartQuantity: 1 })).status).toBe(201);
  await page.goto(page.url().replace(/\/checkout.*/, '/checkout'));
  await expect(page.getByRole('radio', { name: /House 4, Thana Road, Patiya, Chattogram/ })).toBeChecked();
  await page.context().close();

  const bangla = await (await browsingIn(browser, 'bn', 'phone')).newPage();
  await openSignedIn(bangla, '/checkout', shopper);
  await expect(bangla.getByRole('radio', { name: /House 4, Thana Road, পটিয়া, চট্টগ্রাম/ })).toBeChecked();
  await animationsEnded(bangla);
  expect(await widthPastTheScreen(bangla)).toBe(0);
  await bangla.screenshot({ path: 'test-results/checkout-chattogram-saved-bn-390.png', fullPage: true });

  // a new address: Chattogram's areas by their Bangla names
  await bangla.locator('input[type="radio"][value="new"]').check();
  await bangla.getByLabel('জেলা').selectOption('Chattogram');
  const areaBn = bangla.getByLabel('এলাকা / থানা');
  for (const name of ['পাঁচলাইশ', 'ডবলমুরিং', 'পটিয়া', 'সীতাকুণ্ড']) await expect(areaBn.getByRole('option', { name })).toHaveCount(1);
  // in the order a Bangla reader looks for them, not the English names' order
  const listed = (await areaBn.locator('option:not([disabled])').allInnerTexts()).map((text) => text.trim());
  expect(listed).toEqual([...listed].sort(new Intl.Collator('bn').compare));
  // a closed list is not drawn in a screenshot: shown whole, as a list box, for the picture
  await areaBn.evaluate((select: HTMLSelectElement) => (select.size = select.options.length));
  expect(await widthPastTheScreen(bangla)).toBe(0);
  await areaBn.screenshot({ path: 'test-results/checkout-chattogram-areas-bn-390.png' });
  await bangla.context().close();
});

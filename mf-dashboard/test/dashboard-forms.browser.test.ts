// The dashboard's forms in Chromium, signed in through Keycloak: the seeded admin for the admin
// pages, a fresh account for the shopper's. The server's field errors show under their fields
// (and are announced with them), typed values stay when the server refuses, the product image
// goes up first with a progress bar, and the browser's required fields stop an empty form.
import { expect, test } from '@bazar/testing/browser-test';
import { randomFillSync } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { createAccount, type Credentials } from '@bazar/testing';
import type { Locator, Request } from 'playwright-core';
import { accounts, catalogProducts, pagePerTest, signIn, waitForPath, webUrl } from '@bazar/testing/pages';
import { nextDialogLifetime } from './dialogs';

const page = pagePerTest();
let shopper: Credentials;

test.beforeAll(async () => {
  shopper = await createAccount('dashforms');
});

async function openDashboardAs(account: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(`${webUrl}${path}`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, account);
  await waitForPath(page, path);
  await page.getByRole('heading', { name: /^Welcome to your Dashboard, / }).waitFor();
}

const dialog = (title: string) => page.getByRole('dialog', { name: title, exact: true });

/** The message a control is described by (aria-describedby), as a screen reader reads it after the label. */
async function describedBy(control: Locator): Promise<{ invalid: string | null; text: string | undefined; below: boolean }> {
  await control.and(page.locator('[aria-describedby]')).waitFor();
  const id = await control.getAttribute('aria-describedby');
  const message = page.locator(`[id="${id}"]`);
  const [box, messageBox] = await Promise.all([control.boundingBox(), message.boundingBox()]);
  return {
    invalid: await control.getAttribute('aria-invalid'),
    text: (await message.textContent()) ?? undefined,
    below: Boolean(box && messageBox && messageBox.y >= box.y + box.height && Math.abs(messageBox.x - box.x) < 2),
  };
}

/** Requests the page sends to `path` (under /api), to count them. */
function apiRequests(path: string, method: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api${path}` && request.method() === method) seen.push(request);
  });
  return seen;
}

// A real 1×1 PNG: the media service checks the bytes, not the file name.
const pixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A valid PNG of random pixels, which does not compress: about width × height × 3 bytes. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = randomFillSync(Buffer.alloc((width * 3 + 1) * height));
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function fillProduct(form: Locator, product: { name: string; price: string; quantity: string; description: string }, image: Buffer) {
  await form.getByLabel('Product Name').fill(product.name);
  await form.getByLabel('Price').fill(product.price);
  await form.getByLabel('Quantity').fill(product.quantity);
  await form.getByLabel('Description', { exact: true }).fill(product.description);
  await form.getByLabel('Image Upload').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: image });
}

test("Add Product: the catalog's refusal of the price shows under Price, the typed values stay; fixed, it is published", async () => {
  await openDashboardAs(accounts.admin, '/dashboard/add-product');
  const form = page.getByRole('region', { name: 'Add Product' });
  const uploads = apiRequests('/upload', 'POST');
  const name = `Test Chinigura Rice 1 kg ${Date.now()}`;
  await fillProduct(form, { name, price: 'about 120', quantity: '25', description: 'Small-grained aromatic rice' }, pixelPng);
  await form.getByRole('button', { name: 'Publist Product' }).click();

  // the spec's dialog for a product without insertedId, then the reason under its field
  const oops = dialog('Oops...');
  await oops.getByText('Something went wrong!').waitFor();
  await oops.getByRole('button', { name: 'OK' }).click();
  await oops.waitFor({ state: 'hidden' });
  const price = form.getByLabel('Price');
  expect(await describedBy(price)).toEqual({ invalid: 'true', text: 'price must be a number', below: true });
  // the dialog gives the focus back to the field in error, which is then read with its message
  // (SweetAlert2 does so a moment after the dialog has gone)
  await page.waitForFunction((input) => input === document.activeElement, await price.elementHandle());
  expect(await form.getByLabel('Quantity').getAttribute('aria-invalid')).toBeNull();
  expect(await form.getByRole('alert').count()).toBe(0);
  await page.screenshot({ path: 'test-results/add-product-field-error.png' });

  expect(await form.getByLabel('Product Name').inputValue()).toBe(name);
  expect(await price.inputValue()).toBe('about 120');
  expect(await form.getByLabel('Quantity').inputValue()).toBe('25');
  expect(await form.getByLabel('Description', { exact: true }).inputValue()).toBe('Small-grained aromatic rice');
  expect(await form.getByLabel('Image Upload').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('product.png');

  // typing clears the message; the same image is not sent twice
  await price.fill('120');
  expect(await price.getAttribute('aria-invalid')).toBeNull();
  const lifetime = nextDialogLifetime(page);
  await form.getByRole('button', { name: 'Publist Product' }).click();
  await dialog('Your work has been saved').waitFor();
  expect(await lifetime).toBeGreaterThanOrEqual(1_500);
  expect(await lifetime).toBeLessThan(3_000);
  expect(uploads).toHaveLength(1);
  expect(await form.getByLabel('Product Name').inputValue()).toBe('');

  const published = (await catalogProducts()).find((product) => product.name === name);
  expect(published).toBeDefined();
  // the search finds it; its own page shows it with its picture
  await page.goto(`${webUrl}/search?${new URLSearchParams({ search: name })}`);
  await page.getByRole('main').getByRole('article').getByRole('heading', { name }).waitFor();
  await page.goto(`${webUrl}/product-details/${published?._id}`);
  await page.getByRole('heading', { name }).waitFor();
  // decoded, whichever width variant the browser chose (the test's one-pixel picture declared as a
  // 640w variant has a naturalWidth of 0, so decode() is the proof)
  await page.waitForFunction((alt) => [...document.images].some((image) => image.alt === alt && image.complete), name);
  const shown = await page.evaluate(async (alt) => {
    const img = [...document.images].find((image) => image.alt === alt)!;
    await img.decode();
    return img.currentSrc;
  }, name);
  expect(new URL(shown).pathname).toMatch(/^\/media\/[0-9a-f]{64}(-\d+)?\.webp$/);
});

test('Add Product: the image goes up first, with a progress bar, while the button is disabled', async () => {
  await openDashboardAs(accounts.admin, '/dashboard/add-product');
  const form = page.getByRole('region', { name: 'Add Product' });
  const image = noisePng(200, 200); // about 120 KB
  await fillProduct(
    form,
    { name: `Test Sundarban Honey 250 g ${Date.now()}`, price: '450', quantity: '8', description: 'Kholisha flower honey' },
    image,
  );
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && (path === '/api/upload' || path === '/api/addproducts')) seen.push(path);
  });
  // about three seconds of upload at 40 KB/s
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 40 * 1024 });

  await form.getByRole('button', { name: 'Publist Product' }).click();
  const progress = form.getByRole('progressbar', { name: /^Uploading the image: \d+%$/ });
  await progress.waitFor();
  expect(await form.getByRole('button', { name: 'Publist Product' }).isDisabled()).toBe(true);
  // part of the way, and moving
  await page.waitForFunction(() => {
    const bar = document.querySelector('progress');
    return bar !== null && bar.value > 0 && bar.value < 100;
  });
  await page.screenshot({ path: 'test-results/add-product-upload-progress.png' });
  await dialog('Your work has been saved').waitFor({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  expect(seen).toEqual(['/api/upload', '/api/addproducts']);
  expect(await progress.count()).toBe(0);
  expect(await form.getByRole('button', { name: 'Publist Product' }).isEnabled()).toBe(true);
});

test("Add Product: a refused image shows the media service's reason under Image Upload, and no product is sent", async () => {
  await openDashboardAs(accounts.admin, '/dashboard/add-product');
  const form = page.getByRole('region', { name: 'Add Product' });
  const products = apiRequests('/addproducts', 'POST');
  await fillProduct(form, { name: 'Test Not A Picture', price: '10', quantity: '1', description: 'Text pretending to be a PNG' }, pixelPng);
  await form
    .getByLabel('Image Upload')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await form.getByRole('button', { name: 'Publist Product' }).click();
  expect(await describedBy(form.getByLabel('Image Upload'))).toEqual({
    invalid: 'true',
    text: 'Only JPEG, PNG or WebP images are accepted',
    below: true,
  });
  expect(products).toHaveLength(0);
  expect(await form.getByLabel('Product Name').inputValue()).toBe('Test Not A Picture');
});

/** Whether the browser holds the form back: the control is invalid for want of a value. */
const missing = (control: Locator) => control.evaluate((input: HTMLInputElement | HTMLTextAreaElement) => input.validity.valueMissing);

test('Add Offer: an empty form is not sent, nor a blank title', async () => {
  await openDashboardAs(accounts.admin, '/dashboard/add-offer');
  const form = page.getByRole('region', { name: 'Add Offer' });
  const sent = apiRequests('/offer', 'POST');
  await form.getByRole('button', { name: 'Add Offer' }).click();
  expect(await missing(form.getByLabel('Offer Title'))).toBe(true);
  expect(await missing(form.getByLabel('Offer Details'))).toBe(true);

  // spaces pass the browser's check but not the form's
  await form.getByLabel('Offer Title').fill('   ');
  await form.getByLabel('Offer Details').fill('Half price on hilsa this Friday');
  await form.getByRole('button', { name: 'Add Offer' }).click();
  expect(await describedBy(form.getByLabel('Offer Title'))).toEqual({ invalid: 'true', text: 'Offer Title is required', below: true });
  await page.waitForTimeout(300);
  expect(sent).toHaveLength(0);
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await form.getByLabel('Offer Details').inputValue()).toBe('Half price on hilsa this Friday');
});

test('My Review: an empty review is not sent (fresh shopper)', async () => {
  await openDashboardAs(shopper, '/dashboard/my-review');
  const form = page.getByRole('region', { name: 'My Review' });
  const sent = apiRequests('/review', 'POST');
  await form.getByRole('button', { name: 'Add Revire' }).click();
  for (const label of ['First Name', 'Last Name', 'Your Review']) expect(await missing(form.getByLabel(label))).toBe(true);

  await form.getByLabel('First Name').fill('Nusrat');
  await form.getByLabel('Last Name').fill('Jahan');
  await form.getByRole('button', { name: 'Add Revire' }).click();
  expect(await missing(form.getByLabel('Your Review'))).toBe(true);
  await page.waitForTimeout(300);
  expect(sent).toHaveLength(0);
  expect(await page.getByRole('dialog').count()).toBe(0);
});

test("My Profile: the user service's refusal of the phone shows under Phone, the typed values stay (fresh shopper)", async () => {
  await openDashboardAs(shopper, '/dashboard/my-profile');
  const profile = page.getByRole('region', { name: 'My Profile' });
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('Phone').fill('0171234567'); // one digit short
  await profile.getByLabel('Address').fill('Flat 3B, Road 11, Banani, Dhaka');
  await profile.getByLabel('Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pixelPng });
  await profile.getByRole('button', { name: 'Update' }).click();

  await dialog('Oops...').getByText('Something went wrong!').waitFor();
  await dialog('Oops...').getByRole('button', { name: 'OK' }).click();
  await dialog('Oops...').waitFor({ state: 'hidden' });
  expect(await describedBy(profile.getByLabel('Phone'))).toEqual({
    invalid: 'true',
    text: 'phone must be a Bangladeshi mobile number such as 01712345678',
    below: true,
  });
  expect(await profile.getByLabel('Address').inputValue()).toBe('Flat 3B, Road 11, Banani, Dhaka');
  expect(await profile.getByLabel('Name').inputValue()).toBe(shopper.fullName);

  await profile.getByLabel('Phone').fill('01712345678');
  await profile.getByRole('button', { name: 'Update' }).click();
  await dialog('Profile Update Succesfull!').waitFor();
  await profile.getByText('01712345678').waitFor();
});

test("My Profile: an update the server does not acknowledge, or refuses without naming a field, shows 'Oops...' and keeps the typed values (fresh shopper)", async () => {
  // the user service always acknowledges a saved profile, so the other answers are played here
  const answers = [
    { status: 200, body: { result: { acknowledged: false } } },
    { status: 503, body: { error: 'The store cannot reach its database just now; try again in a moment' } },
  ];
  const sent: unknown[] = [];
  await page.route('**/api/profiledata/**', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    sent.push(route.request().postDataJSON());
    const { status, body } = answers.shift() ?? { status: 500, body: { error: 'Internal error' } };
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  await openDashboardAs(shopper, '/dashboard/my-profile');
  const profile = page.getByRole('region', { name: 'My Profile' });
  await profile.getByRole('button', { name: 'Edit' }).click();
  const typed = { Name: 'Nusrat Jahan', Phone: '01812345678', Address: 'House 7, Road 2, Mirpur DOHS, Dhaka' };
  for (const [label, value] of Object.entries(typed)) await profile.getByLabel(label).fill(value);
  await profile.getByLabel('Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pixelPng });

  const expectOopsThenTypedValues = async () => {
    const oops = dialog('Oops...');
    await oops.getByText('Something went wrong!').waitFor();
    await oops.getByRole('button', { name: 'OK' }).click();
    await oops.waitFor({ state: 'hidden' });
    for (const [label, value] of Object.entries(typed)) expect(await profile.getByLabel(label).inputValue()).toBe(value);
    expect(await profile.getByLabel('Image').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('me.png');
    expect(await dialog('Profile Update Succesfull!').count()).toBe(0);
  };

  await profile.getByRole('button', { name: 'Update' }).click();
  await expectOopsThenTypedValues();
  expect(sent).toEqual([expect.objectContaining({ name: typed.Name, phone: typed.Phone, address: typed.Address })]);
  expect(await profile.getByRole('alert').count()).toBe(0);

  // a refusal naming no field: the same dialog, and the server's reason above the button
  await profile.getByRole('button', { name: 'Update' }).click();
  await expectOopsThenTypedValues();
  expect(sent).toHaveLength(2);
  expect(await profile.getByRole('alert').innerText()).toBe('The store cannot reach its database just now; try again in a moment');
  // the details above the form are not the typed ones: nothing was saved
  const details = await profile.getByRole('definition').allInnerTexts();
  expect(details).not.toContain(typed.Phone);
  expect(details).not.toContain(typed.Name);
});

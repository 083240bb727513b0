// A product with no stock, published through the admin API for this test: its card and its page
// say 'Stock Out' and Add cannot be pressed, and the cart API refuses it too.
import { expect, test } from '@bazar/testing/browser-test';
import type { Product } from '@bazar/contracts';
import { ACCOUNTS, catalogProducts, createAccount, gatewayCall, launchChromium, signedInAndSynced, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import type { Browser, Page } from 'playwright-core';

let browser: Browser;
let page: Page;
let soldOut: Pick<Product, '_id' | 'name'>;

test.beforeAll(async () => {
  browser = await launchChromium();
  const [admin, [shown]] = await Promise.all([signedInAndSynced(ACCOUNTS.admin), catalogProducts()]);
  const name = `Khejur Gur 500 g ${Date.now()}`;
  const published = await gatewayCall('POST', '/addproducts', admin, {
    name,
    price: '180',
    quantity: '0',
    description: 'Date palm jaggery from Jessore, sold out for the season.',
    img: shown!.img,
  });
  expect(published.status).toBe(201);
  soldOut = { _id: (published.body as { insertedId: string }).insertedId, name };
});
test.afterAll(async () => {
  await browser?.close();
  if (!soldOut) return;
  const catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  await catalog.collection('products').deleteOne({ _id: new mongoose.Types.ObjectId(soldOut._id) });
  await catalog.close();
});
test.beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
test.afterEach(() => page?.close());

test("its card says 'Stock Out' on a button that cannot be pressed", async () => {
  await page.goto(`${stackEnv.webUrl}/search?search=${encodeURIComponent(soldOut.name)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: soldOut.name }) });
  const stockOut = card.getByRole('button', { name: 'Stock Out' });
  await stockOut.waitFor();
  expect(await stockOut.isDisabled()).toBe(true);
  expect(await card.getByRole('button', { name: 'Add' }).count()).toBe(0);
  await page.screenshot({ path: 'test-results/stock-out-card.png' });
});

test("its page says 'Stock Out' and Add To Cart cannot be pressed", async () => {
  await page.goto(`${stackEnv.webUrl}/product-details/${soldOut._id}`);
  await page.getByRole('heading', { level: 1, name: soldOut.name }).waitFor();
  expect(await page.getByRole('main').getByText('Stock Out', { exact: true }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Add To Cart' }).isDisabled()).toBe(true);
});

test('the cart API refuses to add it, and the cart stays without it', async () => {
  const shopper = await createAccount('stockout');
  const token = await signedInAndSynced(shopper);
  const refused = await gatewayCall('POST', '/addtocart', token, { productId: soldOut._id, cartQuantity: 1 });
  expect(refused).toMatchObject({ status: 409, body: { error: `${soldOut.name} is out of stock` } });

  const cart = await gatewayCall('GET', `/myallcart/${encodeURIComponent(shopper.email)}`, token);
  expect(cart).toMatchObject({ status: 200, body: [] });
});

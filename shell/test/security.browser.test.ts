// The store's security headers and what they allow: nginx sends a Content-Security-Policy (our
// origin only), nosniff and a referrer policy on pages, bundles, API answers and pictures, and the
// store works under that policy (no violation while a shopper browses, signs in and opens the
// dashboard, nor a refusal the code catches). Text that users write is shown as text: a product carrying markup and script
// publishes fine and runs nothing. The gateway's CORS answers only the store's origin.
import { expect, test } from '@bazar/testing/browser-test';
import { randomUUID } from 'node:crypto';
import { InsertAnswer, ProductList } from '@bazar/contracts';
import { ACCOUNTS, gatewayCall, signedInAndSynced, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signInAsShopper, waitForPath, webUrl } from '@bazar/testing/pages';

let browser: Browser;
let page: Page;
const violations: string[] = [];
const run = randomUUID().slice(0, 8);

test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(async () => {
  await browser?.close();
  const catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  await catalog.collection('products').deleteMany({ description: { $regex: run } });
  await catalog.close();
});
test.beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // A refusal the page's code catches (a library probing whether it may eval) prints nothing, but
  // the document still hears of it.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy refused ${event.blockedURI} (${event.violatedDirective}) at ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
});
test.afterEach(() => page?.close());

test('pages, bundles, API answers and pictures carry the security headers', async () => {
  const [product] = ProductList.parse(await (await fetch(`${webUrl}/api/products`)).json());
  for (const path of ['/', '/cart', '/mf-remotes.json', '/mf/catalog/remoteEntry.js', '/api/products', '/api/alloffers', product!.img]) {
    const response = await fetch(`${webUrl}${path}`);
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("default-src 'self'") });
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|\*)/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  }
});

test('the gateway lets only the store’s origin read its answers from a browser', async () => {
  const preflight = (origin: string) =>
    fetch(`${stackEnv.gatewayUrl}/addtocart`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
  expect((await preflight(webUrl)).headers.get('access-control-allow-origin')).toBe(webUrl);
  expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  const read = await fetch(`${stackEnv.gatewayUrl}/products`, { headers: { origin: 'https://evil.example' } });
  expect(read.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
});

test('a shopper browses, signs in and opens the dashboard without a policy violation', async () => {
  await page.goto(webUrl);
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Add To Cart' }).waitFor();
  await page.goto(`${webUrl}/cart`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signInAsShopper(page);
  await waitForPath(page, '/cart');
  await page.getByRole('heading', { name: 'Your Cart', exact: true }).waitFor();
  await page.reload(); // the silent check-sso iframe runs under the policy too
  await page.getByRole('banner').getByRole('button', { name: 'Singout' }).waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Back Home Page' }).waitFor();
  expect(violations).toEqual([]);
});

test('markup in a product is shown as text and runs nothing', async () => {
  const adminToken = await signedInAndSynced(ACCOUNTS.admin);
  const name = `<img src=x onerror="window.pwned='name'"> Tea ${run}`;
  const description = `<script>window.pwned='description'</script> ${run}`;
  const published = await gatewayCall('POST', '/addproducts', adminToken, {
    name,
    price: '99',
    quantity: '5',
    description,
    img: '/media/test.webp',
  });
  expect(published.status).toBe(201);
  const { insertedId } = InsertAnswer.parse(published.body);

  await page.goto(`${webUrl}/product-details/${insertedId}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByText(description).waitFor();
  expect(await page.evaluate(() => (window as { pwned?: string }).pwned)).toBeUndefined();
  expect(violations).toEqual([]);
});

// The stack's trace page (infra/jaeger/ui, served by Jaeger at the address docs/stack.md and the
// README give): an order placed through the gateway with a sampled traceparent is found in the
// order service's latest traces and opens as one waterfall with the spans of the gateway and of
// the services it called; a span opens to its tags; a trace Jaeger does not have is said so.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { gatewayCall as call, newShopper, type TestAccount } from '@bazar/testing';
import { expect, pagePerTest, seriousViolations, test } from '@bazar/testing/browser-test';
import { TestShelf } from '@bazar/testing/shop';

const JAEGER_URL = process.env.BAZAR_JAEGER_URL ?? 'http://127.0.0.1:16686';
const page = pagePerTest();
// its own address (nginx's X-Forwarded-For), so it does not spend the loopback address's rate limit
const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const shelf = new TestShelf();
let shopper: TestAccount;
let traceId: string;

test.beforeAll(async () => {
  shopper = await newShopper('trace-page');
  expect((await call('PUT', `/users/${shopper.email}`, shopper.token, {}, from)).status).toBeLessThan(300);
  const productId = await shelf.stock('Trace Page Lentils', 120, 50);
  traceId = randomBytes(16).toString('hex');
  const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
  expect((await call('POST', '/addtocart', shopper.token, { productId, cartQuantity: 1 }, from)).status).toBe(201);
  const placed = await call(
    'POST',
    '/orderplace',
    shopper.token,
    { name: 'Trace Shopper', email: shopper.email, phone: '+8801712345678', addinfo: 'near the mosque', total: 0, mycart: [] },
    { ...from, traceparent, 'idempotency-key': `trace-page-${randomUUID()}` },
  );
  expect(placed.status).toBe(201);
});

test.afterAll(() => shelf.clear());

test("opens an order's trace as a waterfall of the gateway's and the services' spans", async () => {
  // the exporters send in batches every few seconds: the page is asked again until all have come
  await expect(async () => {
    await page.goto(`${JAEGER_URL}/trace/${traceId}`);
    const services = await page.locator('ol.waterfall li.span').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-service')));
    for (const service of ['gateway', 'order', 'catalog', 'cart']) expect(services).toContain(service);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('gateway: POST /orderplace');
  await expect(page.locator('.trace .facts')).toContainText(`Trace ${traceId}`);

  // the order service's own server span, opened, shows what it answered
  const orderSpan = page.locator('li.span[data-service="order"]').filter({ hasText: 'POST /orderplace' }).first();
  await orderSpan.getByRole('button').click();
  await expect(orderSpan.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  const details = page.locator('.details').first();
  await expect(details.locator('tr').filter({ hasText: 'http.response.status_code' })).toContainText('201');
  expect(await seriousViolations(page)).toEqual([]);
});

test("lists the order among the order service's latest traces, and opens it from there", async () => {
  await expect(async () => {
    await page.goto(`${JAEGER_URL}/search?service=order&operation=${encodeURIComponent('POST /orderplace')}&lookback=1h`);
    await expect(page.locator(`ol.traces a[href="/trace/${traceId}"]`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByLabel('Service')).toHaveValue('order');
  await page.locator(`ol.traces a[href="/trace/${traceId}"]`).click();
  await expect(page).toHaveURL(`${JAEGER_URL}/trace/${traceId}`);
  await expect(page.locator('ol.waterfall li.span').first()).toContainText('POST /orderplace');
});

test('says so when Jaeger has no such trace', async () => {
  await page.goto(`${JAEGER_URL}/trace/${randomBytes(16).toString('hex')}`);
  await expect(page.getByRole('alert')).toContainText(/not found/i);
});

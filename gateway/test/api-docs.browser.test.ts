// The API documentation page (issue 56, item 5) in Debian's Chromium through nginx, with the store's
// Content-Security-Policy enforced: it lists the public API's endpoints from the contracts, an
// endpoint opens to its request body's schema, and nothing on the way is refused by the policy
// (nor any other console error: a file the page asks for and does not get).
import { PUBLIC_API } from '@bazar/contracts';
import { launchChromium, stackEnv, widthPastTheScreen } from '@bazar/testing';
import { expect, test } from '@bazar/testing/browser-test';
import type { Browser, Page } from 'playwright-core';
import type { z } from 'zod';

const PAGE = `${stackEnv.webUrl}/api/docs`;
const placeOrder = PUBLIC_API.find((endpoint) => endpoint.method === 'post' && endpoint.path === '/orderplace')!;

let browser: Browser;
let page: Page;
let consoleErrors: string[];

test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(() => browser?.close());
test.afterEach(() => page?.close());

async function openDocs(viewport: { width: number; height: number }) {
  page = await browser.newPage({ viewport });
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // a refusal a library catches prints nothing by itself; the document still hears of it (the
  // gateway's tests are type-checked without the DOM's types, hence the one named here)
  await page.addInitScript(() => {
    type Violation = { blockedURI: string; violatedDirective: string; sourceFile: string; lineNumber: number };
    const { document } = globalThis as unknown as {
      document: { addEventListener(type: 'securitypolicyviolation', listener: (event: Violation) => void): void };
    };
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy refused ${event.blockedURI} (${event.violatedDirective}) at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  const answer = await page.goto(PAGE);
  expect(answer!.headers()['content-security-policy']).toContain("script-src 'self'");
}

/** The operation block of `method path`, by the path Swagger UI shows on it. */
const operation = (method: string, path: string) =>
  page.locator(`.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });

test('the page lists every endpoint of the public API and opens POST /orderplace to its body’s schema, with no policy violation', async () => {
  await openDocs({ width: 1280, height: 900 });
  await expect(page.locator('.opblock')).toHaveCount(PUBLIC_API.length);
  for (const { method, path } of PUBLIC_API) await expect(operation(method, path)).toHaveCount(1);

  const order = operation('post', '/orderplace');
  await expect(order).toContainText(placeOrder.summary);
  await order.locator('.opblock-summary-control').click();
  await order.locator('.opblock-section-request-body').getByRole('tab', { name: 'Schema' }).click();
  const schema = order.locator('.opblock-section-request-body .model-box');
  // the body's fields as the contracts declare them
  for (const field of Object.keys((placeOrder.body as z.ZodObject).shape)) await expect(schema).toContainText(field);
  await page.screenshot({ path: 'test-results/api-docs-laptop-orderplace.png' });

  expect(consoleErrors).toEqual([]);
});

test('on a 390 px phone the page fits the screen and opens an endpoint, with no policy violation', async () => {
  await openDocs({ width: 390, height: 844 });
  const order = operation('post', '/orderplace');
  await order.locator('.opblock-summary-control').click();
  await expect(order.locator('.opblock-section-request-body')).toBeVisible();
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/api-docs-phone-orderplace.png' });

  expect(consoleErrors).toEqual([]);
});

test('a public endpoint tried from the page is called through nginx and its answer shown, with no policy violation', async () => {
  await openDocs({ width: 1280, height: 900 });
  const offers = operation('get', '/alloffers');
  await offers.locator('.opblock-summary-control').click();
  await offers.getByRole('button', { name: 'Try it out' }).click();
  await offers.getByRole('button', { name: 'Execute' }).click();
  const answered = offers.locator('.live-responses-table .response');
  await expect(answered.locator('.response-col_status')).toHaveText('200');
  await expect(offers.locator('.request-url')).toContainText(`${stackEnv.webUrl}/api/alloffers`);

  expect(consoleErrors).toEqual([]);
});

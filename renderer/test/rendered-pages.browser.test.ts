// Issue 19, item 1: the public pages arrive with their content in the HTML (renderer/), rendered ahead
// and served by nginx as files, hydrate without replacing it or shifting it, follow the shopper's
// language, are rendered again when their data changes, and without the renderer nginx still serves
// the client-rendered app.
import { expect, test } from '@bazar/testing/browser-test';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { HOME_PRODUCTS, productListPath, type Product } from '@bazar/contracts';
import {
  ACCOUNTS,
  eventually,
  gatewayCall,
  launchChromium,
  openRendered,
  publishProductAs,
  RENDERED_ANSWERS,
  RENDERED_WITHIN_MS,
  servedAs,
  removeProduct,
  signedInAndSynced,
  stackEnv,
  type TestProduct,
} from '@bazar/testing';
import { renderNginxConfig, writeGatewayReplicas } from '../../infra/stack/nginx-config.ts';
import { PORTS } from '../../infra/stack/ports.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const HERO_HEADING = 'Fresh vegetables, picked this morning';
const PRICE = /৳[\d,]+\.\d\d/;

let browser: Browser;
test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(() => browser?.close());

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(RENDERED_ANSWERS));

async function pageHtml(pathname: string, headers: Record<string, string> = {}): Promise<{ html: string; status: number }> {
  const answer = await fetch(`${stackEnv.webUrl}${pathname}`, { headers });
  return { html: await answer.text(), status: answer.status };
}

/** The page's HTML once nginx serves it rendered (asking for it is what has it rendered), and once
 *  it passes `check`. */
const renderedHtml = (pathname: string, headers: Record<string, string> = {}, check: (root: string) => void = () => undefined) =>
  eventually(
    async () => {
      const { html, status } = await pageHtml(pathname, headers);
      expect(status).toBe(200);
      expect(html).toContain(RENDERED_ANSWERS);
      check(rootOf(html));
      return html;
    },
    RENDERED_WITHIN_MS,
    250,
  );

/** A page that records layout shifts (what moved) from its first paint and keeps the first hero heading it saw. */
async function watchedPage(options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const seen = window as unknown as { shifts: string[]; firstHeading?: Element | null; flashes: string[] };
    seen.shifts = [];
    seen.flashes = [];
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    // each shift with what moved, from where to where: a failure then says which element it was
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(
          ({ node, previousRect: from, currentRect: to }) =>
            `${node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : node?.nodeName} ${from.x},${from.y} ${from.width}x${from.height} → ${to.x},${to.y} ${to.width}x${to.height}`,
        );
        seen.shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      seen.firstHeading = document.querySelector('h1');
      // A rendered part that React throws away or hides (to show a spinner until its code comes) is a
      // flash: its sections, as the HTML brought them, stay in the page and in view.
      const sections = Array.from(document.querySelectorAll('main section'));
      const flashed = () =>
        sections
          .filter((section) => !section.isConnected || !section.checkVisibility())
          .map((section) => section.getAttribute('aria-label') ?? '');
      new MutationObserver(() => seen.flashes.push(...flashed())).observe(document.getElementById('root')!, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['style', 'class', 'hidden'],
      });
    });
  });
  return { page, errors };
}

/** Whether the first heading the HTML brought is still the page's heading (hydration kept it), and
 *  no section the HTML brought went or was hidden meanwhile. */
const keptFirstHeading = async (page: Page) => {
  expect(await page.evaluate(() => (window as unknown as { flashes: string[] }).flashes)).toEqual([]);
  return page.evaluate(() => {
    const seen = window as unknown as { firstHeading?: Element | null };
    return Boolean(seen.firstHeading?.isConnected) && seen.firstHeading === document.querySelector('h1');
  });
};

/** Waits until React owns the root and the page's requests are done. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
  await page.waitForLoadState('networkidle');
}

test.describe('pages rendered into the HTML', () => {
  test("home's HTML, fetched without running any script, holds the hero heading and the first products with their prices", async () => {
    const products = (await (await fetch(`${stackEnv.webUrl}/api${productListPath(HOME_PRODUCTS)}`)).json()) as Product[];
    const root = rootOf(await renderedHtml('/'));
    expect(root).toContain(HERO_HEADING);
    expect(root).toContain(products[0]!.name);
    expect(root).toMatch(PRICE);
  });

  for (const pathname of ['/about', '/blogs', '/contact'] as const) {
    test(`${pathname}'s HTML holds the catalog's page, not an empty root`, async () => {
      await renderedHtml(pathname, {}, (root) => expect(root).toMatch(/data-remote="catalog"[^>]*>\s*<[a-z]/));
    });
  }

  test.describe('a category', () => {
    const category = `Rendered ${Date.now()}`;
    const address = `/search?${new URLSearchParams({ category })}`;
    const published: TestProduct[] = [];
    const publish = async (name: string) => {
      const token = await signedInAndSynced(ACCOUNTS.admin);
      const product = await publishProductAs(token, {
        name: `${name} ${Date.now()}`,
        price: 95,
        quantity: 5,
        description: 'Rendered.',
        category,
      });
      published.push(product);
      return product;
    };
    test.afterAll(async () => {
      for (const product of published) await removeProduct(product);
    });

    test('is the client-rendered app at its first asking, then rendered; and rendered again, with the new product, once one is published in it', async () => {
      const first = await publish('Rendered Muri');
      const { html, status } = await pageHtml(address);
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(rootOf(await renderedHtml(address))).toContain(first.name);

      const second = await publish('Rendered Chira');
      await renderedHtml(address, {}, (root) => expect(root).toContain(second.name));
    });

    test('hydrates: the rendered heading stays the same element, nothing shifts, no mismatch, and its products are not asked for again', async () => {
      await renderedHtml(address, {}, (root) => expect(root).toContain(published.at(-1)!.name));
      const { page, errors } = await watchedPage();
      const reads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/products') reads.push(request.url());
      });
      await openRendered(page, address, { beforeEachTry: () => (reads.length = 0) });
      await hydrated(page);
      expect(await keptFirstHeading(page)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      expect(errors.filter((text) => /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(text))).toEqual([]);
      expect(reads).toEqual([]);
      // each stylesheet linked once: the remote's, linked by the HTML, is not linked again by its loader
      const stylesheets = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href),
      );
      expect(stylesheets.length).toBeGreaterThanOrEqual(2);
      expect(stylesheets).toEqual([...new Set(stylesheets)]);
      await page
        .getByRole('main')
        .getByRole('heading', { name: published.at(-1)!.name })
        .waitFor();
      await page.screenshot({ path: path.join(ROOT, 'test-results', 'rendered-category-phone.png') });
      await page.context().close();
    });
  });

  test.describe("a product's page", () => {
    let product: TestProduct;
    let token: string;
    const address = () => `/product-details/${product._id}`;
    test.beforeAll(async () => {
      token = await signedInAndSynced(ACCOUNTS.admin);
      product = await publishProductAs(token, {
        name: `Rendered Hilsa ${Date.now()}`,
        price: 123.45,
        quantity: 7,
        description: 'Rendered.',
      });
    });
    test.afterAll(() => removeProduct(product));

    test('is rendered from its second asking with its name, price and picture (sized, fetched first), and a product nobody has is never kept', async () => {
      // renders happen one at a time, in the order asked: once the product is rendered, the unknown
      // one, asked for first, has been tried
      const unknown = `/product-details/${randomBytes(12).toString('hex')}`;
      for (const pathname of [unknown, unknown, address(), address()]) {
        const { html, status } = await pageHtml(pathname);
        expect(status).toBe(200);
        expect(html).toContain('<div id="root"></div>');
      }
      const root = rootOf(await renderedHtml(address(), {}, (root) => expect(root).toContain(product.name)));
      expect(root).toContain('৳123.45');
      const picture = new RegExp(`<img [^>]*alt="${product.name}"[^>]*>`).exec(root)?.[0];
      expect(picture).toMatch(/ srcset="[^"]*-320\.webp 320w[^"]*-640\.webp 640w/i);
      expect(picture).toMatch(/ sizes="[^"]+"/);
      expect(picture).toMatch(/ width="\d+"/);
      expect(picture).toMatch(/ height="\d+"/);
      expect(picture).toMatch(/ fetchpriority="high"/i);
      expect(picture).not.toMatch(/ loading="lazy"/);

      const { html } = await pageHtml(unknown);
      expect(html).toContain('<div id="root"></div>');
    });

    test('is taken away at once when its price changes, and rendered again with the new price', async () => {
      await renderedHtml(address(), {}, (root) => expect(root).toContain('৳123.45'));
      const edited = await gatewayCall('PATCH', `/products/${product._id}`, token, { price: '234.56' });
      expect(edited.status).toBe(200);
      // nginx's micro-cache keeps an answer a second, and the renderer compares every second
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect((await pageHtml(address())).html).not.toContain('৳123.45');
      const root = rootOf(await renderedHtml(address(), {}, (root) => expect(root).toContain('৳234.56')));
      expect(root).not.toContain('৳123.45');
    });

    test('hydrates: the rendered heading stays the same element, nothing shifts, no mismatch, and the product is not asked for again', async () => {
      await renderedHtml(address(), {}, (root) => expect(root).toContain(product.name));
      const { page, errors } = await watchedPage();
      const reads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/product-details/')) reads.push(request.url());
      });
      await openRendered(page, address(), { beforeEachTry: () => (reads.length = 0) });
      await hydrated(page);
      expect(await keptFirstHeading(page)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      expect(errors.filter((text) => /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(text))).toEqual([]);
      expect(reads).toEqual([]);
      // hydrated, not rendered again beside the server's markup (seen when hydrating before the
      // router had the page's route: the page twice)
      expect(await page.locator('main h1').count()).toBe(1);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.screenshot({ path: path.join(ROOT, 'test-results', 'rendered-product-phone.png') });
      await page.context().close();
    });

    test('is served on, marked, while only its count of units left changed, and shows the count as it is once hydrated; sold out, it is taken away', async () => {
      const setQuantity = async (quantity: number) =>
        expect((await gatewayCall('PATCH', `/products/${product._id}`, token, { quantity: String(quantity) })).status).toBe(200);
      /** Every load of the page until one passes `check`. */
      const loadsUntil = async (check: (html: string) => void) => {
        const served: string[] = [];
        await eventually(
          async () => {
            const { html } = await pageHtml(address());
            served.push(html);
            check(html);
          },
          RENDERED_WITHIN_MS,
          100,
        );
        return served.map((html) => ({ html, rendered: servedAs(html) !== 'app', marked: servedAs(html) === 'marked' }));
      };
      await renderedHtml(address(), {}, (root) => expect(root).toContain('7 in stock'));

      await setQuantity(5);
      const afterOrders = await loadsUntil((html) => expect(rootOf(html)).toContain('5 in stock'));
      // never the client-rendered app meanwhile: the rendered page, then marked, then rendered again
      expect(afterOrders.map(({ rendered }) => rendered)).not.toContain(false);
      const marked = afterOrders.find((load) => load.marked)?.html;
      expect(rootOf(marked ?? '')).toContain('7 in stock');
      expect(afterOrders.at(-1)!.marked).toBe(false);

      // a shopper served the marked page: it hydrates as it came, then shows how many are left now
      const { page, errors } = await watchedPage();
      // Only the page is routed: while a route is set Chromium's cache is off, and every request
      // says Cache-Control: no-cache, which nginx's micro-cache takes for a reload.
      const pageUrl = `${stackEnv.webUrl}${address()}`;
      await page.route(pageUrl, async (route) => {
        await route.fulfill({ contentType: 'text/html', body: marked! });
        await page.unroute(pageUrl);
      });
      const reads: Promise<{ cacheControl: string | undefined; cacheStatus: string | undefined }>[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api/product-details/'))
          reads.push(
            response
              .request()
              .allHeaders()
              .then((sent) => ({ cacheControl: sent['cache-control'], cacheStatus: response.headers()['x-cache-status'] })),
          );
      });
      await page.goto(`${stackEnv.webUrl}${address()}`);
      await hydrated(page);
      await expect(page.getByText('5 in stock')).toBeVisible();
      // read once more, through nginx's micro-cache: a second old at most is current enough here
      expect(await Promise.all(reads)).toEqual([
        { cacheControl: undefined, cacheStatus: expect.stringMatching(/^(HIT|MISS|EXPIRED|REVALIDATED|UPDATING|STALE)$/) },
      ]);
      expect(await keptFirstHeading(page)).toBe(true);
      expect(errors.filter((text) => /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(text))).toEqual([]);
      await page.context().close();

      // sold out is no count: the page goes, and comes back saying so
      await setQuantity(0);
      const soldOut = await loadsUntil((html) => expect(rootOf(html)).toContain('Stock Out'));
      expect(soldOut.map(({ marked }) => marked)).not.toContain(true);
      expect(soldOut.map(({ rendered }) => rendered)).toContain(false);
    });
  });

  for (const [name, pathname] of [
    ['about', '/about'],
    ['home', '/'],
  ] as const) {
    test(`${name} hydrates in the browser: the rendered heading stays the same element, nothing shifts, and no mismatch is reported`, async () => {
      const { page, errors } = await watchedPage();
      await openRendered(page, pathname);
      await hydrated(page);
      expect(await keptFirstHeading(page)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      expect(errors.filter((text) => /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(text))).toEqual([]);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(ROOT, 'test-results', `rendered-${name}-phone.png`) });
      await page.context().close();
    });
  }

  test('is shown only once its HTML has arrived: a page that comes in two parts does not paint the first, which the rest would shift', async () => {
    await renderedHtml('/about');
    // the cut seen in a rehearsal: inside the language switch of the phone's second top-bar row, whose
    // search box took the whole row until the switch came, then gave it up (a shift of 0.0007)
    const cutAfter = 'relative flex shrink-0 items-center">';
    const inParts = createHttpServer((request, response) => {
      void (async () => {
        const upstream = await fetch(`${stackEnv.webUrl}${request.url}`, { headers: { 'accept-language': 'en' } });
        // the body goes on decoded, in parts of its own
        const headers: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
        });
        response.writeHead(upstream.status, headers);
        if (request.url !== '/about') return response.end(Buffer.from(await upstream.arrayBuffer()));
        const html = await upstream.text();
        const cut = html.indexOf(cutAfter, html.indexOf('md:hidden"><form')) + cutAfter.length;
        expect(cut).toBeGreaterThan(cutAfter.length);
        response.write(html.slice(0, cut));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        response.end(html.slice(cut));
      })();
    });
    await new Promise<void>((resolve) => inParts.listen(0, '127.0.0.1', resolve));
    try {
      const { page } = await watchedPage();
      const { port } = inParts.address() as { port: number };
      await page.goto(`http://127.0.0.1:${port}/about`);
      await hydrated(page);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      await page.context().close();
    } finally {
      inParts.close();
    }
  });

  test("is rendered in the shopper's language: Bangla when chosen or the browser's first, and it hydrates in Bangla", async () => {
    const choices: Record<string, string>[] = [{ cookie: 'bazar.language=bn' }, { 'accept-language': 'fr-FR,bn-BD;q=0.9,en;q=0.8' }];
    for (const headers of choices) {
      const html = await renderedHtml('/about', headers);
      expect(html).toContain('<html lang="bn"');
      expect(rootOf(html)).toMatch(/<h1[^>]*>[^<]*[\u0980-\u09FF]/);
    }

    const { page } = await watchedPage();
    await page.context().addCookies([{ name: 'bazar.language', value: 'bn', url: stackEnv.webUrl }]);
    await openRendered(page, '/about');
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    expect(await keptFirstHeading(page)).toBe(true);
    await page.context().close();
  });
});

test.describe('without the renderer', () => {
  const stackDir = mkdtempSync(path.join(os.tmpdir(), 'bazar-no-renderer-'));
  let nginx: ChildProcess | undefined;
  let webUrl = '';

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
      server.on('error', reject);
    });

  // A second nginx from the same config whose renderer is a port nothing listens on: the running
  // store's renderer is not stopped under the other tests.
  test.beforeAll(async () => {
    for (const dir of ['nginx', 'logs', 'media', 'bench', 'releases']) mkdirSync(path.join(stackDir, dir), { recursive: true });
    const [port, deadRenderer] = [await freePort(), await freePort()];
    webUrl = `http://localhost:${port}`;
    const config = path.join(stackDir, 'nginx', 'nginx.conf');
    const rendered = renderNginxConfig({ root: ROOT, stack: stackDir, port });
    await writeGatewayReplicas(stackDir, 1);
    expect(rendered).toContain(`server 127.0.0.1:${PORTS.renderer};`);
    writeFileSync(config, rendered.replace(`server 127.0.0.1:${PORTS.renderer};`, `server 127.0.0.1:${deadRenderer};`));
    nginx = spawn('nginx', ['-p', path.join(stackDir, 'nginx'), '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    for (;;) {
      if ((await fetch(`${webUrl}/mf-remotes.json`).catch(() => undefined))?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  test.afterAll(() => {
    nginx?.kill();
    rmSync(stackDir, { recursive: true, force: true });
  });

  test('nginx serves the client-rendered app, which renders the page', async () => {
    const answer = await fetch(`${webUrl}/about`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root"></div>');

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${webUrl}/about`);
    await page.locator('[data-remote="catalog"] h1').waitFor();
    await page.close();
  });
});

// The first load of a storefront page without a request waterfall (issue 19, items 2 and 4): the
// HTML names the shell's chunks and the runtime manifest of remotes; the entry script asks for the
// page's remote (its entry and chunks, from the remote's manifest) and its first API read before any
// of the shell's app code has run (a page that came rendered asks for that code once it has painted);
// other pages' code comes once the browser is idle, or when a link
// to them is pointed at; and the dashboard's code and the cart's pages never load on a storefront
// page (of the cart, only its Add to cart module, which the catalog's cards load once painted).
// Who asked for a request is read from Chromium's initiator, with the asynchronous calls that led
// to it: the order of events, never how long they took. A page that came rendered (renderer/) holds
// its first read's answer already, so the entry asks for it no more: each needed request once.
import { expect, test } from '@bazar/testing/browser-test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { codeTookOver, eventually, servedAs } from '@bazar/testing';
import { catalogProducts, pagePerTest, signInAsShopper, waitForPath, webUrl } from '@bazar/testing/pages';

const page = pagePerTest();

interface Request {
  path: string;
  type: string;
  /** 'parser' when the HTML named it */
  initiator: string;
  /** every script in the calls (and the asynchronous calls before them) that made the request */
  scripts: Set<string>;
}

interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}

/** Records every request of the page from now on, with who made it. */
async function recordRequests(on: Page): Promise<Request[]> {
  const requests: Request[] = [];
  const cdp = await on.context().newCDPSession(on);
  await cdp.send('Network.enable');
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 64 });
  cdp.on('Network.requestWillBeSent', ({ request, type, initiator }) => {
    const scripts = new Set<string>();
    for (let stack = initiator.stack as StackTrace | undefined; stack; stack = stack.parent)
      for (const frame of stack.callFrames) if (frame.url) scripts.add(new URL(frame.url).pathname);
    const url = new URL(request.url);
    requests.push({ path: url.pathname + url.search, type: type ?? '', initiator: initiator.type, scripts });
  });
  return requests;
}

const entryScript = (html: string) => /<script\b[^>]*\bsrc="([^"]+)"/.exec(html)![1]!;
const cameRendered = (html: string) => servedAs(html) !== 'app';

/** Waits until nginx serves the page rendered (asking for it has it rendered, in the background). */
const renderedByNow = (address: string) =>
  eventually(async () => expect(cameRendered(await (await fetch(`${webUrl}${address}`)).text())).toBe(true), 120_000, 250);
const named = (requests: Request[], pattern: RegExp) => requests.filter((request) => pattern.test(request.path));

test("home: the HTML names the shell's chunks, and the entry asks for the remote page (and its data, unless the page came rendered with it) before the app code runs", async () => {
  await renderedByNow('/');
  const requests = await recordRequests(page);
  const answer = await page.goto(webUrl);
  const html = await answer!.text();
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();
  await codeTookOver(page);

  // what index.html names is asked for all at once: the stylesheets by the parser; the code (the
  // shell's chunks and the runtime manifest of remotes) by the parser too, unless the page came
  // rendered: then by the page's own loader, once it has painted
  const hintsOf = (rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*\\shref="([^"]+)"`, 'g'))].map(([, href]) => href!);
  const code = hintsOf('preload');
  expect(code).toContain('/mf-remotes.json');
  expect(code.filter((href) => href.endsWith('.js')).length).toBeGreaterThanOrEqual(5);
  const askedBy = (href: string) => named(requests, new RegExp(`^${href}$`)).map((r) => [r.initiator, ...r.scripts].join(' '));
  for (const href of hintsOf('stylesheet')) expect({ href, askedBy: askedBy(href) }).toEqual({ href, askedBy: ['parser'] });
  for (const href of [entryScript(html), ...code])
    expect({ href, askedBy: askedBy(href) }).toEqual({ href, askedBy: [cameRendered(html) ? 'script /' : 'parser'] });

  // the remote's entry and page chunk, and the products, are asked for by the entry script alone (no
  // shell chunk, React or remote code in the calls that led to them), once: the remote's own fetch
  // of the products takes the entry's preload; a rendered page brought the products with it
  const entry = entryScript(html);
  // a rendered page's loader (its inline script, at the page's own address) added the entry script
  const entryAndLoader = cameRendered(html) ? [entry, '/'] : [entry];
  const products = /^\/api\/products\?pageSize=16$/;
  // (one marked as showing counts of units left that changed since, an order meanwhile, reads them
  // again once it has hydrated)
  if (servedAs(html) === 'rendered') expect(named(requests, products)).toEqual([]);
  for (const pattern of [
    /^\/mf\/catalog\/remoteEntry\.js$/,
    /^\/mf\/catalog\/__federation_expose_HomePage\.[0-9a-f]+\.js$/,
    ...(cameRendered(html) ? [] : [products]),
  ]) {
    const made = named(requests, pattern);
    expect({ pattern: String(pattern), count: made.length }).toEqual({ pattern: String(pattern), count: 1 });
    expect({ pattern: String(pattern), scripts: [...made[0]!.scripts] }).toEqual({ pattern: String(pattern), scripts: entryAndLoader });
  }

  await mkdir('test-results', { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: 'test-results/first-load-home.png' });
  console.log(`first load of home: ${resolve('test-results/first-load-home.png')}`);
});

for (const [name, path, read] of [
  ['search results', '/search?search=red%20rice', '/api/products?q=red+rice&page=1'],
  ['product', 'product', 'product'],
] as const) {
  test(`${name}: the first API read is asked for once, by the entry script, and the page takes it (none when it came rendered)`, async () => {
    const [product] = await catalogProducts();
    const address = path === 'product' ? `/product-details/${product!._id}` : path;
    const expected = read === 'product' ? `/api/product-details/${product!._id}` : read;
    const requests = await recordRequests(page);
    const answer = await page.goto(`${webUrl}${address}`);
    const html = await answer!.text();
    await page.locator('main h1').first().waitFor();
    await codeTookOver(page);
    await page.waitForLoadState('networkidle');

    const made = requests.filter((request) => request.path === expected);
    expect(made.map((request) => [...request.scripts])).toEqual(cameRendered(html) ? [] : [[entryScript(html)]]);
  });
}

test("signed in, home's products are still asked for once at most: the api's fetch, with the shopper's token, takes the entry's preload, or the page came rendered with them", async () => {
  await page.goto(`${webUrl}/cart`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signInAsShopper(page);
  await waitForPath(page, '/cart');

  const requests = await recordRequests(page);
  const html = await (await page.goto(webUrl))!.text();
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(named(requests, /^\/api\/products\?pageSize=16$/).map((request) => request.type)).toEqual(cameRendered(html) ? [] : ['Other']);
});

/** Resolves once the page has asked for each exposed module's chunk (waits set before it loads). */
const chunksAsked = (on: Page, ...exposes: string[]) =>
  Promise.all(exposes.map((expose) => on.waitForRequest(new RegExp(`/mf/catalog/__federation_expose_${expose}\\.`))));

test("other pages' code loads once the browser is idle, or when a link to one is pointed at", async () => {
  const requests = await recordRequests(page);
  const idle = chunksAsked(page, 'SearchPage', 'ProductDetailsRoute');
  await page.goto(webUrl);
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();

  // idle: the search results and product pages, unasked
  await idle;
  expect(named(requests, /__federation_expose_AboutPage\./)).toEqual([]);
  const about = chunksAsked(page, 'AboutPage');
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).hover();
  await about;
});

/** The scripts of the cart's Add to cart module (mf-cart's `./add-to-cart`): its remote's entry and
 *  the module's own chunks, as the cart's manifest lists them. */
async function addToCartFiles(): Promise<string[]> {
  const remotes = (await (await fetch(`${webUrl}/mf-remotes.json`)).json()) as Record<string, string>;
  const at = new URL(remotes.cart!, `${webUrl}/`);
  const manifest = (await (await fetch(at)).json()) as {
    metaData: { remoteEntry: { path: string; name: string } };
    exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const { path, name } = manifest.metaData.remoteEntry;
  const module = manifest.exposes.find((expose) => expose.name === 'add-to-cart')!;
  return [[path, name].filter(Boolean).join('/'), ...module.assets.js.sync].map((file) => new URL(file, at).pathname);
}

for (const [name, path] of [
  ['home', '/'],
  ['search results', '/search?search=rice'],
  ['product', 'product'],
] as const) {
  test(`${name}: no code of the dashboard or the cart's pages loads on a storefront page`, async () => {
    const requests = await recordRequests(page);
    const [product] = await catalogProducts();
    // the page's own chunk and the idle preloads of the others
    const settled = chunksAsked(page, 'HomePage', 'SearchPage', 'ProductDetailsRoute');
    await page.goto(`${webUrl}${path === 'product' ? `/product-details/${product!._id}` : path}`);
    await page.locator('main h1').first().waitFor();
    await settled;

    const scripts = requests.filter((request) => request.type === 'Script' || request.path.endsWith('.js')).map((r) => r.path);
    expect(scripts.filter((script) => script.startsWith('/mf/catalog/')).length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.startsWith('/mf/dashboard/'))).toEqual([]);
    const addToCart = await addToCartFiles();
    expect(scripts.filter((script) => script.startsWith('/mf/cart/') && !addToCart.includes(script))).toEqual([]);
  });
}

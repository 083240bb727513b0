/**
 * Issue 56, item 1: the public pages, rendered by React in the renderer's own process
 * (renderer/src/react-render.ts, docs/decisions/server-rendering.md) and served by nginx, in English
 * and Bangla. What matters of a rendered page: its HTML shows the page's content before any script
 * runs (its heading, its products, in its language), and it hydrates in Chromium without a mismatch
 * React reports (a console error: React's own, or the shell's onRecoverableError's for a part it
 * rendered afresh), keeping its markup. And renders made side by side in one process are each the
 * page rendered alone.
 * Needs the stack (its renderer renders the pages nginx serves), the server builds, which the store
 * serves (an app's `npm run build` makes its own, after its browser build) and the renderer's build
 * (`npx tsc -b renderer`): the side-by-side renders are made in a Node process of its own
 * (render-in-node.ts), as in the renderer.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { HOME_PRODUCTS, productListPageRequest, productListPath, type Product } from '@bazar/contracts';
import { browsingIn, eventually, launchChromium, RENDERED_ANSWERS, RENDERED_WITHIN_MS, servedAs, stackEnv } from '@bazar/testing';
import { SHELL_SERVER_BUILD } from '../src/react-render.ts';
import type { RenderedPage } from '../src/rendered-page.ts';
import type { NodeRender } from './render-in-node.ts';

const STORE = stackEnv.webUrl;
type Language = 'en' | 'bn';
const LANGUAGES: Language[] = ['en', 'bn'];
const catalogText = (language: Language) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'mf-catalog', 'src', 'messages', `${language}.json`), 'utf8')) as {
    blogs: { title: string };
  };
/** The catalog's static pages' headings in each language. */
const HEADINGS: Record<string, Record<Language, string>> = {
  '/about': { en: 'Why People Choose Their Daily Organic Life With Us', bn: 'প্রতিদিনের অর্গানিক খাবারের জন্য কেন সবাই আমাদের বেছে নেন' },
  '/contact': { en: 'contact', bn: 'যোগাযোগ' },
  '/blogs': { en: catalogText('en').blogs.title, bn: catalogText('bn').blogs.title },
};
/** Each public page kind, by name, and its address (a product's is the first rice's, found at start). */
const PAGES: Record<string, () => string> = {
  about: () => '/about',
  contact: () => '/contact',
  home: () => '/',
  blogs: () => '/blogs',
  'a category': () => '/search?category=Rice',
  'a search': () => '/search?search=rice',
  'a product': () => `/product-details/${rice._id}`,
};

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(RENDERED_ANSWERS));
const nameIn = (product: Product, language: Language) => (language === 'bn' && product.name_bn) || product.name;

let rice: Product;
let browser: Browser | undefined;
/** The HTML nginx served of each page, by address and language, for the hydration tests. */
const served = new Map<string, string>();

/** The page as nginx serves it in `language` once the renderer has rendered it (asking for it is
 *  what has it rendered: a category, a search or a product from its second asking). */
const servedRendered = (address: string, language: Language) =>
  eventually(
    async () => {
      const answer = await fetch(`${STORE}${address}`, { headers: { cookie: `bazar.language=${language}` } });
      const html = await answer.text();
      expect(answer.status).toBe(200);
      expect(servedAs(html)).not.toBe('app');
      return html;
    },
    RENDERED_WITHIN_MS,
    250,
  );

/** What the page shows of its data now: the first product of its list, or the product itself. */
async function firstProductOf(address: string): Promise<Product | undefined> {
  if (address.startsWith('/product-details/')) return rice;
  const [, query] = address.split('?');
  if (address !== '/' && query === undefined) return undefined;
  const request = address === '/' ? HOME_PRODUCTS : productListPageRequest(new URLSearchParams(query));
  const products = (await (await fetch(`${STORE}/api${productListPath(request)}`)).json()) as Product[];
  return products[0];
}

/** A tab of `language` in which the page is `html` as nginx served it; everything else from the store. */
async function openedAsServed(html: string, address: string, language: Language, javaScriptEnabled: boolean): Promise<Page> {
  browser ??= await launchChromium();
  const context = javaScriptEnabled
    ? await browsingIn(browser, language, 'laptop')
    : await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.route(`${STORE}${address}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  return page;
}

/** The pages rendered by React in a Node process of its own, in both languages, by address and language. */
async function reactRenders(addresses: string[], together?: 'side-by-side'): Promise<Map<string, RenderedPage>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(import.meta.dirname, 'render-in-node.ts'),
      STORE,
      addresses.join(','),
      LANGUAGES.join(','),
      '1',
      ...(together ? [together] : []),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return new Map(
    (JSON.parse(stdout) as NodeRender[]).map(({ address, language, html, reads }) => [
      `${address} ${language}`,
      { html: html!, reads: new Map(reads) },
    ]),
  );
}

beforeAll(async () => {
  const shell = await fetch(`${STORE}${SHELL_SERVER_BUILD}`, { method: 'HEAD' });
  if (!shell.ok) throw new Error(`The shell's server build is not served (${shell.status}): npm run build -w shell builds it`);
  const catalog = await fetch(`${STORE}/mf/catalog/server/mf-manifest.json`);
  if (!catalog.ok) throw new Error(`The catalog's server build is not served (${catalog.status}): npm run build:render -w mf-catalog`);
  if (!existsSync(path.join(import.meta.dirname, '..', 'dist', 'react-render.js')))
    throw new Error('No renderer/dist: npx tsc -b renderer');
  rice = ((await (await fetch(`${STORE}/api/products?category=Rice&page=1`)).json()) as Product[])[0]!;
});

afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(PAGES).flatMap((name) => LANGUAGES.map((language) => [name, language] as const)))(
  '%s in %s, rendered by React in the renderer',
  (name, language) => {
    test(
      'is served with its content in the HTML, in its language, shown before any script runs',
      async () => {
        const address = PAGES[name]!();
        // a list's first product may change meanwhile (other tests publish and remove products): the
        // renderer renders the page again, and it is looked at again
        await eventually(
          async () => {
            const [html, product] = await Promise.all([servedRendered(address, language), firstProductOf(address)]);
            expect(html).toContain(`<html lang="${language}"`);
            expect(html).toMatch(/<link rel="stylesheet"[^>]*>/);
            served.set(`${address} ${language}`, html);
            const page = await openedAsServed(html, address, language, false);
            try {
              await page.goto(`${STORE}${address}`);
              const heading = HEADINGS[address]?.[language];
              if (heading) expect(await page.getByRole('heading', { level: 1, name: heading, exact: true }).isVisible()).toBe(true);
              else {
                expect(product).toBeDefined();
                expect(rootOf(html).length).toBeGreaterThan(1_000);
                expect(await page.locator('#root').getByText(nameIn(product!, language)).first().isVisible()).toBe(true);
              }
            } finally {
              await page.context().close();
            }
          },
          RENDERED_WITHIN_MS,
          1_000,
        );
      },
      2 * RENDERED_WITHIN_MS,
    );

    test(
      'hydrates in Chromium without a mismatch React reports, keeping its markup',
      async () => {
        const address = PAGES[name]!();
        const html = served.get(`${address} ${language}`) ?? (await servedRendered(address, language));
        const page = await openedAsServed(html, address, language, true);
        const errors: string[] = [];
        page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
        page.on('pageerror', (error) => errors.push(error.message));
        await page.addInitScript(() =>
          document.addEventListener('DOMContentLoaded', () => {
            (window as unknown as { firstElement: Element | null }).firstElement = document.getElementById('root')!.firstElementChild;
          }),
        );
        await page.goto(`${STORE}${address}`);
        await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
        await page.waitForLoadState('networkidle');
        // a mismatch makes React render the root afresh on the client, in place of the page's elements
        expect(
          await page.evaluate(
            () =>
              (window as unknown as { firstElement: Element | null }).firstElement === document.getElementById('root')!.firstElementChild,
          ),
        ).toBe(true);
        const heading = HEADINGS[address]?.[language];
        if (heading) expect(await page.locator('h1').textContent()).toBe(heading);
        expect(errors.filter((text) => /hydrat|did not match|rendered afresh|Minified React error #4(18|19|23|25)/i.test(text))).toEqual(
          [],
        );
        await page.context().close();
      },
      RENDERED_WITHIN_MS,
    );
  },
);

test('renders side by side in one process, each page in its own language: the pages rendered one at a time', async () => {
  const addresses = ['/about', '/contact', '/blogs'];
  const [together, oneByOne] = [await reactRenders(addresses, 'side-by-side'), await reactRenders(addresses)];
  for (const address of addresses)
    for (const language of LANGUAGES) {
      expect(rootOf(together.get(`${address} ${language}`)!.html)).toContain(`>${HEADINGS[address]![language]}</h1>`);
      expect(rootOf(together.get(`${address} ${language}`)!.html)).toBe(rootOf(oneByOne.get(`${address} ${language}`)!.html));
    }
});

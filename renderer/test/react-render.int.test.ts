/**
 * Issue 56, item 1: the public pages rendered by React in Node from the remotes' server builds
 * (renderer/src/react-render.ts, docs/decisions/server-rendering.md) are the pages the Chromium
 * renderer (renderer/src/render.ts) renders, in English and Bangla, and they hydrate in a browser
 * without a mismatch. A page with data is compared when both were rendered from the same answers:
 * each read React's render made answered Chromium's alike (their prints), else both are rendered
 * again, since shoppers and other tests change stock meanwhile (React's render is made on both
 * sides of Chromium's, the closer in time). React's reads are the ones the
 * freshness check asks again (kept-pages.ts), so they are Chromium's reads too.
 * Needs the stack, the server builds, which the store serves (an app's `npm run build` makes its
 * own, after its browser build) and the renderer's build (`npx tsc -b renderer`): the React path renders in a Node process
 * of its own (render-in-node.ts), as in the renderer.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { browsingIn, launchChromium, RENDERED_ANSWERS, stackEnv } from '@bazar/testing';
import type { Logger } from '@bazar/service-kit';
import { startChromium } from '../src/chromium.ts';
import { SHELL_SERVER_BUILD } from '../src/react-render.ts';
import { PageRenderer } from '../src/render.ts';
import type { ReadAnswer, RenderedPage } from '../src/rendered-page.ts';
import type { NodeRender } from './render-in-node.ts';

const STORE = stackEnv.webUrl;
/** The catalog's static pages' headings in each language. */
const HEADINGS: Record<string, Record<'en' | 'bn', string>> = {
  '/about': { en: 'Why People Choose Their Daily Organic Life With Us', bn: 'প্রতিদিনের অর্গানিক খাবারের জন্য কেন সবাই আমাদের বেছে নেন' },
  '/contact': { en: 'contact', bn: 'যোগাযোগ' },
};
/** Each public page kind, by name, and its address (a product's is the first rice's, found at start). */
const PAGES: Record<string, () => string> = {
  about: () => '/about',
  contact: () => '/contact',
  home: () => '/',
  blogs: () => '/blogs',
  'a category': () => '/search?category=Rice',
  'a search': () => '/search?search=rice',
  'a product': () => `/product-details/${productId}`,
};
/** Renders of both paths until their answers agree. */
const ATTEMPTS = 6;

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(RENDERED_ANSWERS));
const stylesheetsOf = (html: string) => html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
const sorted = (reads: Map<string, ReadAnswer>) => [...reads.keys()].sort();

let productId: string;
let chromiumRenderer: PageRenderer;
let browser: Browser | undefined;
/** The last pages each path rendered, by address and language, for the hydration tests. */
const byReact = new Map<string, RenderedPage>();

/** The pages rendered by React in a Node process of its own, in both languages, by address and language. */
async function reactRenders(addresses: string[], together?: 'side-by-side'): Promise<Map<string, RenderedPage>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(import.meta.dirname, 'render-in-node.ts'), STORE, addresses.join(','), 'en,bn', '1', ...(together ? [together] : [])],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return new Map(
    (JSON.parse(stdout) as NodeRender[]).map(({ address, language, html, reads }) => [
      `${address} ${language}`,
      { html: html!, reads: new Map(reads) },
    ]),
  );
}

/** The reads of React's render that Chromium's answered otherwise, or did not make. */
const readsNotAlike = (react: RenderedPage, chromium: RenderedPage) =>
  [...react.reads].filter(([read, answer]) => chromium.reads.get(read)?.print !== answer.print).map(([read]) => read);

beforeAll(async () => {
  const shell = await fetch(`${STORE}${SHELL_SERVER_BUILD}`, { method: 'HEAD' });
  if (!shell.ok) throw new Error(`The shell's server build is not served (${shell.status}): npm run build -w shell builds it`);
  const catalog = await fetch(`${STORE}/mf/catalog/server/mf-manifest.json`);
  if (!catalog.ok) throw new Error(`The catalog's server build is not served (${catalog.status}): npm run build:render -w mf-catalog`);
  if (!existsSync(path.join(import.meta.dirname, '..', 'dist', 'react-render.js')))
    throw new Error('No renderer/dist: npx tsc -b renderer');
  const rice = (await (await fetch(`${STORE}/api/products?category=Rice&page=1`)).json()) as { _id: string }[];
  productId = rice[0]!._id;
  const log = pino({ level: 'silent' }) as unknown as Logger;
  chromiumRenderer = new PageRenderer(() => startChromium({ executable: '/usr/bin/chromium', heapMiB: 96, user: 'nobody' }, log), {
    storeUrl: STORE,
    timeoutMs: 20_000,
    recycleAfter: 200,
  });
});

afterAll(async () => {
  await chromiumRenderer?.close();
  await browser?.close();
});

describe.each(Object.keys(PAGES).flatMap((name) => (['en', 'bn'] as const).map((language) => [name, language] as const)))(
  '%s in %s, rendered by React in Node',
  (name, language) => {
    test("is the Chromium renderer's page from the same answers: the same markup in #root, stylesheets, language and reads", async () => {
      const address = PAGES[name]!();
      let react: RenderedPage | undefined;
      let chromium: RenderedPage | undefined;
      // React's render before Chromium's and after it: whichever read the answers Chromium's did
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        react = (await reactRenders([address])).get(`${address} ${language}`)!;
        chromium = await chromiumRenderer.render(address, language);
        if (readsNotAlike(react, chromium).length === 0) break;
        react = (await reactRenders([address])).get(`${address} ${language}`)!;
        if (readsNotAlike(react, chromium).length === 0) break;
      }
      byReact.set(`${address} ${language}`, react!);
      expect(readsNotAlike(react!, chromium!)).toEqual([]);
      expect(sorted(react!.reads)).toEqual(sorted(chromium!.reads));
      const heading = HEADINGS[address]?.[language];
      if (heading) expect(rootOf(react!.html)).toMatch(new RegExp(`<h1 class="[^"]*">${heading}</h1>`));
      else expect(react!.reads.size).toBeGreaterThan(0);
      expect(react!.html).toContain(`<html lang="${language}"`);
      expect(rootOf(react!.html)).toBe(rootOf(chromium!.html));
      expect(stylesheetsOf(react!.html)).toEqual(stylesheetsOf(chromium!.html));
    });

    test('hydrates in a browser without a mismatch, keeping its markup', async () => {
      const address = PAGES[name]!();
      const { html } = byReact.get(`${address} ${language}`) ?? (await reactRenders([address])).get(`${address} ${language}`)!;
      browser ??= await launchChromium();
      const context = await browsingIn(browser, language, 'laptop');
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      page.on('pageerror', (error) => errors.push(error.message));
      // the page as nginx would serve it were it this renderer's; everything else from the store
      await page.route(`${STORE}${address}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
      );
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
          () => (window as unknown as { firstElement: Element | null }).firstElement === document.getElementById('root')!.firstElementChild,
        ),
      ).toBe(true);
      const heading = HEADINGS[address]?.[language];
      if (heading) expect(await page.locator('h1').textContent()).toBe(heading);
      expect(errors.filter((text) => /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(text))).toEqual([]);
      await context.close();
    });
  },
);

test('renders side by side in one process, each page in its own language: the pages rendered one at a time', async () => {
  const addresses = ['/about', '/contact', '/blogs'];
  const [together, oneByOne] = [await reactRenders(addresses, 'side-by-side'), await reactRenders(addresses)];
  for (const address of addresses)
    for (const language of ['en', 'bn']) {
      const heading = HEADINGS[address]?.[language as 'en' | 'bn'];
      if (heading) expect(rootOf(together.get(`${address} ${language}`)!.html)).toContain(`>${heading}</h1>`);
      expect(rootOf(together.get(`${address} ${language}`)!.html)).toBe(rootOf(oneByOne.get(`${address} ${language}`)!.html));
    }
});

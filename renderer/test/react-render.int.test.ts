/**
 * Issue 56, item 1, first step: the catalog's static pages (about, contact) rendered by React in Node
 * from the remotes' server builds (renderer/src/react-render.ts, docs/decisions/server-rendering.md)
 * are the pages the Chromium renderer (renderer/src/render.ts) renders today, in English and Bangla,
 * and they hydrate in a browser without a mismatch. Needs the stack, the server builds (an app's
 * `npm run build` makes its own, after its browser build) and the renderer's build
 * (`npx tsc -b renderer`): the React path renders in a Node process of its own (render-in-node.ts),
 * as in the renderer.
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
import type { NodeRender } from './render-in-node.ts';

const STORE = stackEnv.webUrl;
/** The catalog's static pages, with their headings in each language. */
const PAGES = {
  '/about': { en: 'Why People Choose Their Daily Organic Life With Us', bn: 'প্রতিদিনের অর্গানিক খাবারের জন্য কেন সবাই আমাদের বেছে নেন' },
  '/contact': { en: 'contact', bn: 'যোগাযোগ' },
};
type Address = keyof typeof PAGES;

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(RENDERED_ANSWERS));
const stylesheetsOf = (html: string) => html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];

/** Each page rendered by React in a Node process of its own, by address and language. */
const byReact = new Map<string, string>();
let chromiumRenderer: PageRenderer;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!existsSync(SHELL_SERVER_BUILD)) throw new Error(`No ${SHELL_SERVER_BUILD}: npm run build -w shell builds it`);
  const catalog = await fetch(`${STORE}/mf/catalog/server/mf-manifest.json`);
  if (!catalog.ok) throw new Error(`The catalog's server build is not served (${catalog.status}): npm run build:render -w mf-catalog`);
  if (!existsSync(path.join(import.meta.dirname, '..', 'dist', 'react-render.js')))
    throw new Error('No renderer/dist: npx tsc -b renderer');
  for (const address of Object.keys(PAGES)) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(import.meta.dirname, 'render-in-node.ts'), STORE, address, 'en,bn', '1'],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    for (const { language, html } of JSON.parse(stdout) as NodeRender[]) byReact.set(`${address} ${language}`, html!);
  }
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

describe.each(
  (Object.keys(PAGES) as Address[]).flatMap((address) => (['en', 'bn'] as const).map((language) => [address, language] as const)),
)('%s in %s, rendered by React in Node', (address, language) => {
  test("is the Chromium renderer's page: its heading, the same markup in #root, stylesheets and language", async () => {
    const html = byReact.get(`${address} ${language}`)!;
    expect(rootOf(html)).toMatch(new RegExp(`<h1 class="[^"]*">${PAGES[address][language]}</h1>`));
    expect(html).toContain(`<html lang="${language}"`);
    const byChromium = (await chromiumRenderer.render(address, language)).html;
    expect(rootOf(html)).toBe(rootOf(byChromium));
    expect(stylesheetsOf(html)).toEqual(stylesheetsOf(byChromium));
  });

  test('hydrates in a browser without a mismatch, and keeps its heading', async () => {
    const html = byReact.get(`${address} ${language}`)!;
    browser ??= await launchChromium();
    const context = await browsingIn(browser, language, 'laptop');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    // the page as nginx would serve it were it this renderer's; everything else from the store
    await page.route(`${STORE}${address}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
      }),
    );
    await page.goto(`${STORE}${address}`);
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1')),
    ).toBe(true);
    expect(await page.locator('h1').textContent()).toBe(PAGES[address][language]);
    expect(errors.filter((text) => /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(text))).toEqual([]);
    await context.close();
  });
});

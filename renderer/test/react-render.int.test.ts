/**
 * Issue 56, item 1, first step: a public page rendered by React in Node from the remotes' server
 * builds (renderer/src/react-render.ts, docs/decisions/server-rendering.md) is the page the Chromium
 * renderer (renderer/src/render.ts) renders today, in English and Bangla, and it hydrates in a
 * browser without a mismatch. Needs the stack, the server builds (`npm run build:render`, part of
 * `npm run build`) and the renderer's build (`npx tsc -b renderer`): the React path renders in a Node
 * process of its own (render-in-node.ts), as in the renderer.
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
const ADDRESS = '/about';
const HEADINGS = { en: 'Why People Choose Their Daily Organic Life With Us', bn: 'প্রতিদিনের অর্গানিক খাবারের জন্য কেন সবাই আমাদের বেছে নেন' };

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(RENDERED_ANSWERS));
const stylesheetsOf = (html: string) => html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];

/** The page rendered by React in a Node process of its own, in each language. */
let byReact: Map<string, string>;
let chromiumRenderer: PageRenderer;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!existsSync(SHELL_SERVER_BUILD)) throw new Error(`No ${SHELL_SERVER_BUILD}: npm run build:render builds the server builds`);
  const catalog = await fetch(`${STORE}/mf/catalog/server/mf-manifest.json`);
  if (!catalog.ok) throw new Error(`The catalog's server build is not served (${catalog.status}): npm run build:render -w mf-catalog`);
  if (!existsSync(path.join(import.meta.dirname, '..', 'dist', 'react-render.js')))
    throw new Error('No renderer/dist: npx tsc -b renderer');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(import.meta.dirname, 'render-in-node.ts'), STORE, ADDRESS, 'en,bn', '1'],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  byReact = new Map((JSON.parse(stdout) as NodeRender[]).map(({ language, html }) => [language, html!]));
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

describe.each(['en', 'bn'] as const)('%s: /about rendered by React in Node', (language) => {
  test("is the Chromium renderer's page: the same markup in #root, stylesheets and language", async () => {
    const html = byReact.get(language)!;
    expect(rootOf(html)).toContain(
      `<h1 class="mx-auto max-w-2xl text-center text-3xl font-extrabold text-stone-800">${HEADINGS[language]}</h1>`,
    );
    expect(html).toContain(`<html lang="${language}"`);
    const byChromium = (await chromiumRenderer.render(ADDRESS, language)).html;
    expect(rootOf(html)).toBe(rootOf(byChromium));
    expect(stylesheetsOf(html)).toEqual(stylesheetsOf(byChromium));
  });

  test('hydrates in a browser without a mismatch, and keeps its heading', async () => {
    const html = byReact.get(language)!;
    browser ??= await launchChromium();
    const context = await browsingIn(browser, language, 'laptop');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    // the page as nginx would serve it were it this renderer's; everything else from the store
    await page.route(`${STORE}${ADDRESS}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
      }),
    );
    await page.goto(`${STORE}${ADDRESS}`);
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1')),
    ).toBe(true);
    expect(await page.locator('h1').textContent()).toBe(HEADINGS[language]);
    expect(errors.filter((text) => /hydrat|did not match|Minified React error #4(18|19|23|25)/i.test(text))).toEqual([]);
    await context.close();
  });
});

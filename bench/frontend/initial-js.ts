// The JavaScript each storefront page (home, a category, search results, a product) fetches before its first view is shown, gzip as nginx sends it,
// on a cold cache: the shell's own code, the shared libraries (the shell's copies, as its
// mf-manifest.json lists them) and the remote's code for that page, against issue 19's 150 KB.
// A page counts as shown once its heading is there and, where it lists products, its first product,
// and its code has taken over (hydrated, or rendered it: the shell then drops index.html's keeper of
// early taps); the scripts counted are those the browser has fetched by then. A rendered page shows
// before any of its code is fetched, so "shown" alone would count nothing. The other pages' code, which the
// shell loads once the browser is idle, is held back (no idle callback runs) so as not to be counted.
// Usage: node --import tsx bench/frontend/initial-js.ts   (the stack must be up)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogProducts, codeTookOver, launchChromium, stackEnv } from '@bazar/testing';
import type { Browser } from 'playwright-core';
import { emitFigures, type Figure } from '../figures';

const ROOT = join(__dirname, '..', '..');
const BUDGET_KB = 150;

interface Page {
  path: string;
  /** what shows that the first view is there */
  shown: string;
}

/** Each script the page fetched until its first view showed, with its gzip size in bytes. */
async function initialScripts(browser: Browser, { path, shown }: Page): Promise<{ path: string; bytes: number }[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const page = await context.newPage();
    await page.goto(`${stackEnv.webUrl}${path}`);
    await page.locator(shown).first().waitFor();
    await codeTookOver(page);
    return await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
    );
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const shellManifest = JSON.parse(await readFile(join(ROOT, 'shell', 'dist', 'mf-manifest.json'), 'utf8')) as {
    shared: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const sharedFiles = new Set(shellManifest.shared.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async].map((file) => `/${file}`)));
  const partOf = (path: string) => {
    const remote = /^\/mf\/(\w+)\//.exec(path)?.[1];
    return remote ? `mf-${remote}` : sharedFiles.has(path) ? 'shared' : 'shell';
  };

  const shelf = await catalogProducts();
  const [product] = shelf;
  if (!product) throw new Error('the catalog has no product to open');
  const category = shelf.find((p) => p.category)?.category;
  if (!category) throw new Error('no product of the catalog has a category');
  const products = 'main article h3';
  const pages: Record<string, Page> = {
    home: { path: '/', shown: products },
    category: { path: `/search?${new URLSearchParams({ category })}`, shown: products },
    'search results': { path: '/search?search=rice', shown: products },
    'product detail': { path: `/product-details/${product._id}`, shown: 'main h1' },
  };

  const browser = await launchChromium();
  const figures: Figure[] = [];
  try {
    for (const [name, page] of Object.entries(pages)) {
      const parts = new Map<string, number>();
      for (const script of await initialScripts(browser, page))
        parts.set(partOf(script.path), (parts.get(partOf(script.path)) ?? 0) + script.bytes);
      const kb = (bytes: number) => bytes / 1024;
      const total = kb([...parts.values()].reduce((sum, bytes) => sum + bytes, 0));
      const split = [...parts].sort(([a], [b]) => a.localeCompare(b)).map(([part, bytes]) => `${part} ${kb(bytes).toFixed(1)} KB`);
      console.log(`${name}: initial JS ${total.toFixed(1)} KB gzip (${split.join(', ')})`);
      figures.push({
        bench: 'frontend',
        name: `${name} initial JS (${split.join(', ')})`,
        value: total,
        unit: 'KB gzip',
        target: { on: 'value', op: '<=', limit: BUDGET_KB },
      });
    }
  } finally {
    await browser.close();
  }
  emitFigures(figures);
}

main().catch((err: unknown) => {
  console.error(`initial JS bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

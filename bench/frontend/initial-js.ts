// The JavaScript each public page (home, a category, search results, a product, about, blogs,
// contact) fetches before its first view is shown, gzip as nginx sends it, on a cold cache: the
// shell's own code, the shared libraries (the shell's copies, as its mf-manifest.json lists them) and
// the remote's code for that page; and whose code those bytes are (bench/frontend/code-owners.ts):
// issue 56 allows the card's libraries (React, React Router, Redux Toolkit, Module Federation's
// runtime) plus at most 40 KB gzip of the store's own code and other libraries.
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
import { builtScript, bytesByOwner, type Owner } from './code-owners';

const ROOT = join(__dirname, '..', '..');
/** issue 56: beside the card's libraries, the page's own code and other libraries */
const BEYOND_THE_CARD_KB = 40;

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
    about: { path: '/about', shown: 'main h1' },
    blogs: { path: '/blogs', shown: 'main h1' },
    contact: { path: '/contact', shown: 'main h1' },
  };
  /** each script's gzip bytes by owner, its source map read once */
  const owners = new Map<string, Record<Owner, number>>();
  const unmapped = new Set<string>();
  const ownedBytes = async ({ path, bytes }: { path: string; bytes: number }): Promise<Record<Owner, number>> => {
    let share = owners.get(path);
    if (!share) {
      const built = await builtScript(ROOT, path);
      if (!built) unmapped.add(path);
      const raw = built ? bytesByOwner(built.code, built.map) : { 'card libraries': 0, 'our code': 1, 'other libraries': 0 };
      const all = raw['card libraries'] + raw['our code'] + raw['other libraries'] || 1;
      share = {
        'card libraries': raw['card libraries'] / all,
        'our code': raw['our code'] / all,
        'other libraries': raw['other libraries'] / all,
      };
      owners.set(path, share);
    }
    return {
      'card libraries': share['card libraries'] * bytes,
      'our code': share['our code'] * bytes,
      'other libraries': share['other libraries'] * bytes,
    };
  };

  const browser = await launchChromium();
  const figures: Figure[] = [];
  try {
    for (const [name, page] of Object.entries(pages)) {
      const parts = new Map<string, number>();
      const byOwner: Record<Owner, number> = { 'card libraries': 0, 'our code': 0, 'other libraries': 0 };
      for (const script of await initialScripts(browser, page)) {
        parts.set(partOf(script.path), (parts.get(partOf(script.path)) ?? 0) + script.bytes);
        const owned = await ownedBytes(script);
        for (const owner of Object.keys(byOwner) as Owner[]) byOwner[owner] += owned[owner];
      }
      const kb = (bytes: number) => bytes / 1024;
      const total = kb([...parts.values()].reduce((sum, bytes) => sum + bytes, 0));
      const split = [...parts].sort(([a], [b]) => a.localeCompare(b)).map(([part, bytes]) => `${part} ${kb(bytes).toFixed(1)} KB`);
      const beyondTheCard = kb(byOwner['our code'] + byOwner['other libraries']);
      console.log(
        `${name}: initial JS ${total.toFixed(1)} KB gzip (${split.join(', ')}); the card's libraries ` +
          `${kb(byOwner['card libraries']).toFixed(1)} KB, our code ${kb(byOwner['our code']).toFixed(1)} KB, ` +
          `other libraries ${kb(byOwner['other libraries']).toFixed(1)} KB`,
      );
      figures.push(
        { bench: 'frontend', name: `${name} initial JS (${split.join(', ')})`, value: total, unit: 'KB gzip' },
        { bench: 'frontend', name: `${name} initial JS of the card's libraries`, value: kb(byOwner['card libraries']), unit: 'KB gzip' },
        {
          bench: 'frontend',
          name: `${name} initial JS beyond the card's libraries (our code ${kb(byOwner['our code']).toFixed(1)} KB, other libraries ${kb(byOwner['other libraries']).toFixed(1)} KB)`,
          value: beyondTheCard,
          unit: 'KB gzip',
          target: { on: 'value', op: '<=', limit: BEYOND_THE_CARD_KB },
        },
      );
    }
    if (unmapped.size > 0) console.log(`no build or map found for ${[...unmapped].join(', ')}: counted as our code`);
  } finally {
    await browser.close();
  }
  emitFigures(figures);
}

main().catch((err: unknown) => {
  console.error(`initial JS bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

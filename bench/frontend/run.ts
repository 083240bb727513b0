// The storefront in Chromium with the CPU slowed down 4×: Largest Contentful Paint and Cumulative
// Layout Shift of the home page and a product page, each against a static HTML snapshot of the same
// rendered page (its scripts removed) served by nginx. (The JavaScript each page fetches:
// initial-js.ts.)
// Usage: node --import tsx bench/frontend/run.ts   (the stack must be up)
import { launchChromium, stackEnv } from '@bazar/testing';
import type { Browser } from 'playwright-core';
import { emitFigures, type Figure } from '../figures';
import { writeSnapshot } from './snapshot';

const ROUNDS = Number(process.env.BENCH_ROUNDS_FRONTEND ?? 3);
const CPU_SLOWDOWN = 4;

/** Collects LCP and CLS from the first byte on (buffered entries), read once the page settled. LCP
 *  stays null when Chromium reported no candidate. */
const observeVitals = () => {
  const vitals: { lcp: number | null; cls: number } = { lcp: null, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
};

interface Visit {
  lcp: number | null;
  cls: number;
  html: string;
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(observeVitals);
  await page.goto(url, { waitUntil: 'networkidle' });
  // With the CPU slowed, the first load of a page can run its scripts for longer than networkidle's
  // 500 ms of quiet: the page is read once its heading shows, not before
  await page.locator('#root h1').first().waitFor();
  await page.waitForTimeout(1_000); // late shifts and paints
  const vitals = await page.evaluate(() => (window as unknown as { __vitals: { lcp: number | null; cls: number } }).__vitals);
  const html = await page.content();
  await context.close();
  return { ...vitals, html };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The median LCP of the loads that reported one, or undefined when none did. */
const medianLcp = (visits: Visit[]) => {
  const seen = visits.flatMap((v) => (v.lcp === null ? [] : [v.lcp]));
  return seen.length > 0 ? median(seen) : undefined;
};

async function main(): Promise<void> {
  const [product] = (await (await fetch(`${stackEnv.webUrl}/api/products`)).json()) as { _id: string }[];
  const pages = { home: '/', 'product detail': `/product-details/${product!._id}` };
  const browser = await launchChromium();
  const figures: Figure[] = [];
  try {
    console.log(`CPU slowed ${CPU_SLOWDOWN}×, ${ROUNDS} loads each, medians\n`);
    for (const [name, path] of Object.entries(pages)) {
      const app: Visit[] = [];
      for (let i = 0; i < ROUNDS; i++) app.push(await visit(browser, `${stackEnv.webUrl}${path}`));
      // the rendered page without its scripts, served by nginx as a plain file
      const snapshotPath = await writeSnapshot(name, app[0]!.html);
      const snapshot: Visit[] = [];
      for (let i = 0; i < ROUNDS; i++) snapshot.push(await visit(browser, `${stackEnv.webUrl}${snapshotPath}`));

      const lcp = medianLcp(app);
      if (lcp === undefined) throw new Error(`${name}: Chromium reported no LCP in ${ROUNDS} loads`);
      const cls = median(app.map((v) => v.cls));
      const staticLcp = medianLcp(snapshot);
      const staticCls = median(snapshot.map((v) => v.cls));
      const staticLcpText = staticLcp === undefined ? 'no LCP reported' : `${staticLcp.toFixed(0)} ms`;
      console.log(`${name}: LCP ${lcp.toFixed(0)} ms (static ${staticLcpText}), CLS ${cls.toFixed(3)} (static ${staticCls.toFixed(3)})`);
      figures.push(
        {
          bench: 'frontend',
          name: `${name} LCP`,
          value: lcp,
          unit: 'ms',
          ...(staticLcp !== undefined && { baseline: { name: 'static snapshot LCP', value: staticLcp } }),
        },
        { bench: 'frontend', name: `${name} CLS`, value: cls, unit: '', baseline: { name: 'static snapshot CLS', value: staticCls } },
      );
    }
  } finally {
    await browser.close();
  }
  emitFigures(figures);
}

main().catch((err: unknown) => {
  console.error(`frontend bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

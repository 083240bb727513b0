// Lighthouse (the npm package, mobile preset: a mid-range phone on slow 4G with the CPU slowed 4×,
// simulated) on every public page (home, a category, search results, a product, about, blogs,
// contact), each beside a static
// snapshot of the same page rendered at a phone's size (its scripts removed, served by nginx as a
// plain file, bench/frontend/snapshot.ts) measured in the same run: Performance, Accessibility, Best
// practices and SEO, and the Largest Contentful Paint, Total Blocking Time and Cumulative Layout
// Shift Lighthouse computed. Each run is a fresh Chromium (Debian's, headless), so a cold cache.
// Usage: node --import tsx bench/frontend/lighthouse.ts   (the stack must be up)
// BENCH_ROUNDS_LIGHTHOUSE (3 unless set) runs of each page; each figure is their median, as issue 56's
// targets are (one run's LCP moved by 300 ms between runs of the same page): on every public page
// Performance at least 95, TBT at most 150 ms, LCP at most 1.3× the static snapshot's.
import { spawn } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogProducts, launchChromium, stackEnv } from '@bazar/testing';
import type { Browser } from 'playwright-core';
import { emitFigures, type Figure } from '../figures';
import { writeSnapshot } from './snapshot';

const ROOT = join(__dirname, '..', '..');
const REPORTS = join(ROOT, '.stack', 'bench', 'lighthouse');
const ROUNDS = Number(process.env.BENCH_ROUNDS_LIGHTHOUSE ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUN_TIMEOUT_MS = 180_000;
/** The phone Lighthouse's mobile preset emulates, for the snapshot to be the same page it sees. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
}

interface Report {
  categories: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>;
  runtimeError?: { message: string };
}

/** One Lighthouse run of `url` in its own Chromium; answers the figures of its report (kept in
 *  .stack/bench/lighthouse/ for a closer look). */
function lighthouse(url: string, reportName: string): Promise<Measure> {
  const output = join(REPORTS, `${reportName}.report.json`);
  const args = [
    join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless --no-sandbox --disable-gpu',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}: ${errors.slice(-2000)}`));
      readFile(output, 'utf8')
        .then((text) => resolve(measureOf(JSON.parse(text) as Report, url)))
        .catch(reject);
    });
  });
}

function measureOf(report: Report, url: string): Measure {
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const score = (category: keyof Report['categories']) => {
    const value = report.categories[category].score;
    if (value === null) throw new Error(`lighthouse ${url}: no ${category} score`);
    return Math.round(value * 100);
  };
  const metric = (audit: string) => {
    const value = report.audits[audit]?.numericValue;
    if (value === undefined) throw new Error(`lighthouse ${url}: no ${audit}`);
    return value;
  };
  const element = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    lcpElement: element.slice(0, 120),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianOf = (runs: Measure[], key: Exclude<keyof Measure, 'lcpElement'>) => median(runs.map((run) => run[key]));

/** The page rendered at a phone's size, as a static snapshot; answers its URL. */
async function snapshotOf(browser: Browser, name: string, url: string): Promise<string> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('#root h1').first().waitFor();
    await page.waitForTimeout(500);
    return `${stackEnv.webUrl}${await writeSnapshot(`lighthouse ${name}`, await page.content())}`;
  } finally {
    await context.close();
  }
}

/** The figures of one page, each beside the snapshot's, with issue 56's targets. */
function figuresOf(name: string, app: Measure[], snapshot: Measure[]): Figure[] {
  const bench = 'frontend';
  const baseline = (key: Exclude<keyof Measure, 'lcpElement'>, label: string) => ({
    name: `static snapshot ${label}`,
    value: medianOf(snapshot, key),
  });
  const score = (key: 'performance' | 'accessibility' | 'bestPractices' | 'seo', label: string, limit: number): Figure => ({
    bench,
    name: `${name} Lighthouse ${label}`,
    value: medianOf(app, key),
    unit: '/100',
    baseline: baseline(key, label),
    target: { on: 'value', op: '>=', limit },
  });
  return [
    score('performance', 'Performance', 95),
    score('accessibility', 'Accessibility', 98),
    score('bestPractices', 'Best practices', 100),
    score('seo', 'SEO', 95),
    {
      bench,
      name: `${name} Lighthouse LCP`,
      value: medianOf(app, 'lcp'),
      unit: 'ms',
      baseline: baseline('lcp', 'LCP'),
      target: { on: 'ratio', op: '<=', limit: 1.3 },
    },
    {
      bench,
      name: `${name} Lighthouse TBT`,
      value: medianOf(app, 'tbt'),
      unit: 'ms',
      baseline: baseline('tbt', 'TBT'),
      target: { on: 'value', op: '<=', limit: 150 },
    },
    {
      bench,
      name: `${name} Lighthouse CLS`,
      value: medianOf(app, 'cls'),
      unit: '',
      baseline: baseline('cls', 'CLS'),
      target: { on: 'value', op: '<=', limit: 0.02 },
    },
  ];
}

const line = (m: Measure) =>
  `Performance ${m.performance}, Accessibility ${m.accessibility}, Best practices ${m.bestPractices}, SEO ${m.seo}, ` +
  `LCP ${m.lcp.toFixed(0)} ms, TBT ${m.tbt.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}; LCP element ${m.lcpElement}`;

async function main(): Promise<void> {
  await mkdir(REPORTS, { recursive: true });
  const shelf = await catalogProducts();
  const product = shelf[0];
  const category = shelf.find((p) => p.category)?.category;
  if (!product || !category) throw new Error('the catalog has no product with a category to open');
  const pages = {
    home: '/',
    category: `/search?${new URLSearchParams({ category })}`,
    'search results': '/search?search=rice',
    'product detail': `/product-details/${product._id}`,
    about: '/about',
    blogs: '/blogs',
    contact: '/contact',
  };

  const browser = await launchChromium();
  const snapshots = new Map<string, string>();
  try {
    for (const [name, path] of Object.entries(pages)) snapshots.set(name, await snapshotOf(browser, name, `${stackEnv.webUrl}${path}`));
  } finally {
    await browser.close();
  }

  console.log(`Lighthouse ${ROUNDS === 1 ? 'once' : `${ROUNDS} times, medians,`} per page, mobile preset\n`);
  const figures: Figure[] = [];
  for (const [name, path] of Object.entries(pages)) {
    const app: Measure[] = [];
    const snapshot: Measure[] = [];
    const slug = name.replace(/\W+/g, '-');
    for (let round = 0; round < ROUNDS; round++) {
      app.push(await lighthouse(`${stackEnv.webUrl}${path}`, `${slug}-${round}`));
      snapshot.push(await lighthouse(snapshots.get(name)!, `${slug}-snapshot-${round}`));
    }
    for (const run of app) console.log(`${name}: ${line(run)}`);
    for (const run of snapshot) console.log(`${name} (static snapshot): ${line(run)}`);
    figures.push(...figuresOf(name, app, snapshot));
  }
  emitFigures(figures);
}

main().catch((err: unknown) => {
  console.error(`lighthouse bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

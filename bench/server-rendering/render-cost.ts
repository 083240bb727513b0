// What a public page's render costs (issue 56, item 1): React in Node (renderer/src/react-render.ts,
// in a Node process of its own as the renderer would run it) against the renderer's Chromium
// (renderer/src/render.ts, its own Chromium started as the renderer starts it), every public page
// (BENCH_PAGES, comma-separated, to choose) in both languages, the same moment's store. Each path:
// its first render of each page and language apart (code and remotes loaded), then BENCH_ROUNDS
// rounds of them all, per page the median and the slowest of CPU time a render (React: the Node
// process's own; Chromium: its processes' and the renderer's Node process's) and wall time, and the
// memory the path holds afterwards. The API's own work is not counted: the same for both.
// Usage: node --import tsx bench/server-rendering/render-cost.ts   (the stack up, the server builds
// built: npm run build:render, and the renderer's: npx tsc -b renderer)
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pino from 'pino';
import { stackEnv } from '@bazar/testing';
import type { Logger } from '@bazar/service-kit';
import { startChromium } from '../../renderer/src/chromium';
import { PageRenderer } from '../../renderer/src/render';
import type { NodeRender } from '../../renderer/test/render-in-node';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LANGUAGES = ['en', 'bn'] as const;
const STORE = stackEnv.webUrl;
const ROOT = path.resolve(__dirname, '..', '..');
/** /proc's CPU times are in clock ticks of 10 ms (USER_HZ 100). */
const TICK_MS = 10;

interface Render {
  address: string;
  cpuMs: number;
  wallMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const summary = (renders: Render[]) =>
  `CPU median ${median(renders.map((r) => r.cpuMs)).toFixed(0)} ms (slowest ${Math.max(...renders.map((r) => r.cpuMs)).toFixed(0)}), ` +
  `wall median ${median(renders.map((r) => r.wallMs)).toFixed(0)} ms`;

/** This process's descendants (the Chromium it started, as whichever user), from /proc. */
async function descendants(): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (stat) parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(process.pid);
  return found;
}

/** CPU time (ms) and resident memory of the Chromium processes, and their proportional share (PSS). */
async function chromiumUsage(): Promise<{ cpuMs: number; rssBytes: number; pssBytes: number }> {
  const usage = { cpuMs: 0, rssBytes: 0, pssBytes: 0 };
  for (const pid of await descendants()) {
    const [stat, rollup] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''),
      readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => ''),
    ]);
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 12) usage.cpuMs += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    usage.rssBytes += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    usage.pssBytes += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
  }
  return usage;
}

/** Every public page kind: a product's is the first rice's. */
async function publicPages(): Promise<string[]> {
  if (process.env.BENCH_PAGES) return process.env.BENCH_PAGES.split(',');
  const rice = (await (await fetch(`${STORE}/api/products?category=Rice&page=1`)).json()) as { _id: string }[];
  return ['/', '/about', '/blogs', '/contact', '/search?category=Rice', '/search?search=rice', `/product-details/${rice[0]!._id}`];
}

async function reactInNode(pages: string[]): Promise<{ first: NodeRender[]; warm: NodeRender[] }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'renderer', 'test', 'render-in-node.ts'), STORE, pages.join(','), LANGUAGES.join(','), String(ROUNDS + 1)],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const renders = JSON.parse(stdout) as NodeRender[];
  const firsts = pages.length * LANGUAGES.length;
  return { first: renders.slice(0, firsts), warm: renders.slice(firsts) };
}

async function chromium(pages: string[]): Promise<{ first: Render[]; warm: Render[]; memory: Awaited<ReturnType<typeof chromiumUsage>> }> {
  const log = pino({ level: 'silent' }) as unknown as Logger;
  const renderer = new PageRenderer(() => startChromium({ executable: '/usr/bin/chromium', heapMiB: 96, user: 'nobody' }, log), {
    storeUrl: STORE,
    timeoutMs: 30_000,
    recycleAfter: 10_000,
  });
  const renders: Render[] = [];
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      for (const address of pages)
        for (const language of LANGUAGES) {
          const [own, tree, startedAt] = [process.cpuUsage(), await chromiumUsage(), performance.now()];
          await renderer.render(address, language);
          const wallMs = performance.now() - startedAt;
          const ownCpu = process.cpuUsage(own);
          const treeAfter = await chromiumUsage();
          renders.push({ address, cpuMs: treeAfter.cpuMs - tree.cpuMs + (ownCpu.user + ownCpu.system) / 1000, wallMs });
        }
    }
    const firsts = pages.length * LANGUAGES.length;
    return { first: renders.slice(0, firsts), warm: renders.slice(firsts), memory: await chromiumUsage() };
  } finally {
    await renderer.close();
  }
}

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

const total = (renders: Render[]) => renders.reduce((sum, render) => sum + render.cpuMs, 0);

async function main(): Promise<void> {
  const pages = await publicPages();
  console.log(
    `${pages.join(' ')} in ${LANGUAGES.join(' and ')}, ${ROUNDS} warm rounds after the first; load average ${await loadAverage()}`,
  );
  const node = await reactInNode(pages);
  console.log(`load average ${await loadAverage()}`);
  const ownRssBefore = process.memoryUsage().rss;
  const browser = await chromium(pages);
  for (const address of pages) {
    const of = (renders: Render[]) => renders.filter((render) => render.address === address);
    console.log(`${address}`);
    console.log(
      `  React in Node: first ${of(node.first)
        .map((r) => `${r.cpuMs.toFixed(0)} ms CPU`)
        .join(', ')}; warm ${summary(of(node.warm))}`,
    );
    console.log(
      `  Chromium:      first ${of(browser.first)
        .map((r) => `${r.cpuMs.toFixed(0)} ms CPU`)
        .join(', ')}; warm ${summary(of(browser.warm))}`,
    );
  }
  console.log(
    `All warm renders: React ${summary(node.warm)}, ${total(node.warm).toFixed(0)} ms CPU in all; ` +
      `Chromium ${summary(browser.warm)}, ${total(browser.warm).toFixed(0)} ms CPU in all`,
  );
  console.log(
    `React: the Node process's RSS after its first round ${mib(node.first.at(-1)!.rssBytes)}, after all ${mib(node.warm.at(-1)!.rssBytes)}`,
  );
  console.log(
    `Chromium: its processes after all: RSS ${mib(browser.memory.rssBytes)}, PSS ${mib(browser.memory.pssBytes)}; ` +
      `this Node process (the renderer's part, with playwright) ${mib(ownRssBefore)} before, ${mib(process.memoryUsage().rss)} after`,
  );
  console.log(`load average ${await loadAverage()}`);
}

void main();

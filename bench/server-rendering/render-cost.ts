// What a public page's render costs the renderer (issue 56, item 1): React in Node
// (renderer/src/react-render.ts, in a Node process of its own as the renderer runs it), every public
// page (BENCH_PAGES, comma-separated, to choose) in both languages. Its first render of each page and
// language apart (code and remotes loaded), then BENCH_ROUNDS rounds of them all, per page the median
// and the slowest of the process's CPU time a render and wall time, and its memory afterwards. The
// API's own work is not counted. The Chromium renderer it was measured against is retired
// (docs/decisions/server-rendering.md); its figures are in bench/results.md.
// Usage: node --import tsx bench/server-rendering/render-cost.ts   (the stack up, the server builds
// built: npm run build:render, and the renderer's: npx tsc -b renderer)
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { stackEnv } from '@bazar/testing';
import type { NodeRender } from '../../renderer/test/render-in-node';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LANGUAGES = ['en', 'bn'] as const;
const STORE = stackEnv.webUrl;
const ROOT = path.resolve(__dirname, '..', '..');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const summary = (renders: NodeRender[]) =>
  `CPU median ${median(renders.map((r) => r.cpuMs)).toFixed(0)} ms (slowest ${Math.max(...renders.map((r) => r.cpuMs)).toFixed(0)}), ` +
  `wall median ${median(renders.map((r) => r.wallMs)).toFixed(0)} ms`;

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

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

const total = (renders: NodeRender[]) => renders.reduce((sum, render) => sum + render.cpuMs, 0);

async function main(): Promise<void> {
  const pages = await publicPages();
  console.log(
    `${pages.join(' ')} in ${LANGUAGES.join(' and ')}, ${ROUNDS} warm rounds after the first; load average ${await loadAverage()}`,
  );
  const node = await reactInNode(pages);
  for (const address of pages) {
    const of = (renders: NodeRender[]) => renders.filter((render) => render.address === address);
    console.log(`${address}`);
    console.log(
      `  first ${of(node.first)
        .map((r) => `${r.cpuMs.toFixed(0)} ms CPU`)
        .join(', ')}; warm ${summary(of(node.warm))}`,
    );
  }
  console.log(`All warm renders: ${summary(node.warm)}, ${total(node.warm).toFixed(0)} ms CPU in all`);
  console.log(
    `The Node process's RSS after its first round ${mib(node.first.at(-1)!.rssBytes)}, after all ${mib(node.warm.at(-1)!.rssBytes)}`,
  );
  console.log(`load average ${await loadAverage()}`);
}

void main();

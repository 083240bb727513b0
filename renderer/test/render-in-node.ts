/**
 * Renders a page with the renderer's React path (renderer/dist/react-render.js, docs/decisions/
 * server-rendering.md) in a Node process of its own, as the renderer would, and prints what it
 * rendered with what each render cost this process: its CPU time (process.cpuUsage; of renders side by
 * side, the process's while it made them) and its resident memory after it. Used by react-render.int.test.ts and bench/server-rendering/render-cost.ts.
 *
 *   node renderer/test/render-in-node.ts <store URL> <addresses, e.g. /,/about> <languages, e.g. en,bn>
 *     <renders of each> [side-by-side: each round's renders at once, as the renderer may make them]
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { ReadAnswer } from '../src/rendered-page.ts';

export interface NodeRender {
  address: string;
  language: string;
  /** the page's HTML and its API reads with what each answered: the first render of each language only */
  html?: string;
  reads?: [string, ReadAnswer][];
  cpuMs: number;
  wallMs: number;
  rssBytes: number;
}

interface Renderer {
  render(address: string, language: string): Promise<{ html: string; reads: Map<string, ReadAnswer> }>;
}

const [store, addresses, languages, times, together] = process.argv.slice(2);
if (!store || !addresses || !languages)
  throw new Error('usage: render-in-node.ts <store URL> <addresses> <languages> [renders of each] [side-by-side]');
// Node's own loading of the renderer's build: the federation runtime evaluates each remote's server
// entry with Node's vm, which a test runner's module sandbox refuses.
const { ReactPageRenderer } = createRequire(import.meta.url)('../dist/react-render.js') as {
  ReactPageRenderer: new (options: { storeUrl: string; timeoutMs: number }) => Renderer;
};
const renderer = new ReactPageRenderer({ storeUrl: store, timeoutMs: 30_000 });
const pages = addresses.split(',').flatMap((address) => languages.split(',').map((language) => ({ address, language })));
const renders: NodeRender[] = [];
const render = async ({ address, language }: { address: string; language: string }, round: number) => {
  const [cpuBefore, startedAt] = [process.cpuUsage(), performance.now()];
  const { html, reads } = await renderer.render(address, language);
  const cpu = process.cpuUsage(cpuBefore);
  renders.push({
    address,
    language,
    ...(round === 0 && { html, reads: [...reads] }),
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: performance.now() - startedAt,
    rssBytes: process.memoryUsage().rss,
  });
};
for (let round = 0; round < Number(times ?? 1); round++) {
  if (together === 'side-by-side') await Promise.all(pages.map((page) => render(page, round)));
  else for (const page of pages) await render(page, round);
}
// then ends, without waiting for what a render left running (the api's timers that drop unused
// answers, a minute after a product page's route loader read one)
process.stdout.write(JSON.stringify(renders), () => process.exit(0));

// The home page's layout shifts, one by one, with the elements that moved: the same conditions as
// bench/frontend/run.ts (1280×900, CPU slowed 4×, settled after network idle), for finding what makes
// its CLS. Usage: node --import tsx bench/frontend/layout-shifts.ts [path] [loads]
import { launchChromium, stackEnv } from '@bazar/testing';

const CPU_SLOWDOWN = 4;

interface Shift {
  at: number;
  value: number;
  sources: { node: string; from: string; to: string }[];
}

// No named helpers inside: the page gets this function's source, without tsx's name-keeping helper.
const recordShifts = () => {
  const shifts: Shift[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: entry.sources.map(({ node, previousRect, currentRect }) => ({
          node:
            node instanceof Element
              ? `${node.tagName.toLowerCase()}[${node.getAttribute('aria-label') ?? node.id}].${[...node.classList].slice(0, 4).join('.')} "${(node.textContent ?? '').trim().slice(0, 40)}"`
              : String(node?.nodeName ?? 'gone'),
          from: [previousRect.x, previousRect.y, previousRect.width, previousRect.height].map(Math.round).join(','),
          to: [currentRect.x, currentRect.y, currentRect.width, currentRect.height].map(Math.round).join(','),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
};

async function main(): Promise<void> {
  const path = process.argv[2] ?? '/';
  const loads = Number(process.argv[3] ?? 3);
  const browser = await launchChromium();
  const totals: number[] = [];
  try {
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.addInitScript(recordShifts);
      await page.goto(`${stackEnv.webUrl}${path}`, { waitUntil: 'networkidle' });
      // on a busy machine the remote may still be rendering when the network is idle
      await page.locator('main :is(h1, h2)').first().waitFor();
      await page.waitForTimeout(1_000); // late shifts
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      // a page that failed to load shifts nothing: say what was measured
      const headings = await page.locator('main h2').allInnerTexts();
      await context.close();
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      totals.push(cls);
      console.log(`load ${i + 1}: CLS ${cls.toFixed(3)} (${headings.length} sections: ${headings.slice(0, 3).join(', ')}…)`);
      for (const shift of shifts) {
        console.log(`  ${shift.at} ms  ${shift.value.toFixed(4)}`);
        for (const source of shift.sources) console.log(`    ${source.node}  ${source.from} -> ${source.to}`);
      }
    }
  } finally {
    await browser.close();
  }
  const sorted = [...totals].sort((a, b) => a - b);
  console.log(`\n${path}: median CLS ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)} over ${loads} loads`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

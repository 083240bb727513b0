// bench/results.md (a table of every figure) and bench/results.png (each figure's ratio to its
// baseline, as bars), from the figures of one `npm run bench`.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ratioOf, verdict, type Figure } from './figures';
import type { HostShare } from './host-share';
import { SLICES, type HostSpeed } from './host-speed';

const number = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2));

function targetText(figure: Figure): string {
  if (!figure.target) return '';
  return `${figure.target.on === 'ratio' ? 'ratio' : 'value'} ${figure.target.op} ${figure.target.limit}`;
}

/** A host speed as results.md and the bench's output give it: median ms (fastest–slowest). */
export const speedText = ({ medianMs, fastestMs, slowestMs }: HostSpeed) =>
  `${medianMs.toFixed(0)} ms (${fastestMs.toFixed(0)}–${slowestMs.toFixed(0)})`;

/** How long the store's processes had run when the benches began, by component: one started
 *  minutes before is still compiling its code and measures slower than the same process warm
 *  (bench/results.md, history of 2026-11-30). */
export function stackAgeText(startedAt: Record<string, number>, now: number): string {
  const ages = Object.entries(startedAt)
    .map(([name, at]) => ({ name, minutes: (now - at) / 60_000 }))
    .filter(({ minutes }) => Number.isFinite(minutes))
    .sort((a, b) => a.minutes - b.minutes);
  const youngest = ages[0];
  if (!youngest) return 'How long the store had been running was not known.';
  const minutes = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} min`;
  return `The store's processes had been running ${minutes(youngest.minutes)} (${youngest.name}, the youngest) to ${minutes(ages.at(-1)!.minutes)} when the benches began; a process a few minutes old is still compiling its code, and measures slower than warm.`;
}

export function resultsTable(figures: Figure[], stolen: HostShare[], when: Date, stackAge?: string): string {
  const rows = figures.map((figure) => {
    const ratio = ratioOf(figure);
    return `| ${figure.bench} | ${figure.name} | ${number(figure.value)} ${figure.unit} | ${
      figure.baseline ? `${figure.baseline.name}: ${number(figure.baseline.value)} ${figure.unit}` : ''
    } | ${ratio === undefined ? '' : ratio.toFixed(3)} | ${targetText(figure)} | ${verdict(figure)} |`;
  });
  return [
    `# Benchmark results`,
    ``,
    `Measured by \`npm run bench\` on ${when.toISOString()} against the local stack (loopback, this machine).`,
    ...(stackAge ? [stackAge] : []),
    `Each figure is compared with a baseline measured in the same run.`,
    `CPU time the host gave to others (steal) while each ran: ${stolen
      .map(({ script, share }) => `${script} ${(share * 100).toFixed(0)}%`)
      .join(', ')}; a share above a few percent slows every figure, baselines included.`,
    ...speedLines(stolen),
    ``,
    `| bench | figure | value | baseline | ratio | target | verdict |`,
    `|---|---|---|---|---|---|---|`,
    ...rows,
    ``,
  ].join('\n');
}

/** The host's speed before each bench, when it was measured. */
function speedLines(stolen: HostShare[]): string[] {
  const measured = stolen.filter((host): host is HostShare & { speed: HostSpeed } => host.speed !== undefined);
  if (measured.length === 0) return [];
  return [
    `The host's speed just before each ran, as the CPU time of one fixed slice of work (median of ${SLICES}, fastest–slowest; lower is faster): ${measured
      .map(({ script, speed }) => `${script} ${speedText(speed)}`)
      .join(
        ', ',
      )}. Other guests of the host slow this machine without any steal being counted: a slower median slows every figure of that bench, baselines included, and the spread is how far the host's speed moved within about a second.`,
  ];
}

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Horizontal bars of value / baseline for every figure that has a baseline. */
export async function resultsChart(figures: Figure[], file: string): Promise<void> {
  const bars = figures.flatMap((figure) => {
    const ratio = ratioOf(figure);
    return ratio === undefined ? [] : [{ label: `${figure.bench}: ${figure.name}`, ratio, verdict: verdict(figure) }];
  });
  const width = 1100;
  const labelWidth = 520;
  const barHeight = 28;
  const height = 80 + bars.length * (barHeight + 10);
  // log scale around 1× (the baseline): a bar goes left of the line when the figure is below its
  // baseline, right when above, so 0.5× and 2× are equally long
  const logs = bars.map((bar) => Math.log10(bar.ratio));
  const span = Math.max(1, ...logs.map(Math.abs));
  const half = (width - labelWidth - 90) / 2;
  const oneX = labelWidth + 10 + half;
  const xOf = (ratio: number) => oneX + (Math.log10(ratio) / span) * half;
  const rows = bars.map((bar, index) => {
    const y = 50 + index * (barHeight + 10);
    const colour = bar.verdict === 'MISSED' ? '#dc2626' : bar.verdict === 'ok' ? '#16a34a' : '#57534e';
    const [from, to] = [Math.min(oneX, xOf(bar.ratio)), Math.max(oneX, xOf(bar.ratio))];
    return [
      `<text x="${labelWidth - 10}" y="${y + 19}" text-anchor="end" font-size="14">${escape(bar.label)}</text>`,
      `<rect x="${from}" y="${y}" width="${Math.max(2, to - from)}" height="${barHeight}" fill="${colour}"/>`,
      `<text x="${to + 6}" y="${y + 19}" font-size="14">${bar.ratio.toFixed(2)}×</text>`,
    ].join('');
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="20" y="28" font-size="15" font-weight="bold">Each figure as a multiple of its baseline (log scale; green: target met, red: missed, grey: no target)</text>
<line x1="${oneX}" y1="40" x2="${oneX}" y2="${height - 10}" stroke="#78716c" stroke-dasharray="4 4"/>
<text x="${oneX}" y="${height - 2}" text-anchor="middle" font-size="12">1× baseline</text>
${rows.join('\n')}
</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

/** The heading under which results.md keeps earlier, dated measurements: a run rewrites the file
 *  above it and keeps what is below. */
export const HISTORY_HEADING = '## History';

/** The history section of a results.md, heading included, or '' when it has none. */
export function historyOf(previous: string): string {
  const at = previous.search(new RegExp(`^${HISTORY_HEADING}$`, 'm'));
  return at < 0 ? '' : previous.slice(at);
}

export async function writeResults(figures: Figure[], stolen: HostShare[], dir: string, stackAge?: string): Promise<void> {
  const file = `${dir}/results.md`;
  const history = historyOf(await readFile(file, 'utf8').catch(() => ''));
  await writeFile(file, [resultsTable(figures, stolen, new Date(), stackAge), history].filter(Boolean).join('\n'));
  await resultsChart(figures, `${dir}/results.png`);
}

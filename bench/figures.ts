// What every benchmark reports: figures, each beside the baseline it was measured against in the
// same run, with the target it is held to. A benchmark prints its own readable lines and, last, one
// machine-readable line of its figures, which `npm run bench` (bench/run.ts) collects.

export interface Figure {
  /** the benchmark's folder, e.g. catalog-read */
  bench: string;
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** what the figure is held to: its value, or its ratio to the baseline */
  target?: { on: 'value' | 'ratio'; op: '<=' | '>='; limit: number };
}

const MARK = 'BENCH-FIGURES ';

export const ratioOf = (figure: Figure): number | undefined =>
  figure.baseline && figure.baseline.value !== 0 ? figure.value / figure.baseline.value : undefined;

/** 'ok', 'MISSED', or '' for a figure without a target. */
export function verdict(figure: Figure): string {
  if (!figure.target) return '';
  const measured = figure.target.on === 'ratio' ? ratioOf(figure) : figure.value;
  if (measured === undefined) return '';
  return (figure.target.op === '<=' ? measured <= figure.target.limit : measured >= figure.target.limit) ? 'ok' : 'MISSED';
}

export function emitFigures(figures: Figure[]): void {
  console.log(`\n${MARK}${JSON.stringify(figures)}`);
}

/** The figures a benchmark's output carries, if it printed them. */
export function readFigures(output: string): Figure[] {
  const line = output.split('\n').find((candidate) => candidate.startsWith(MARK));
  return line ? (JSON.parse(line.slice(MARK.length)) as Figure[]) : [];
}

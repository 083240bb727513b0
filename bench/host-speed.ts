// How fast the host ran this machine's code just before a benchmark: the CPU time of one fixed
// slice of work (JSON parsed and written, SHA-256 hashed), several times over. The host is shared,
// and its other guests slow ours without any steal being counted, by up to half within seconds
// (bench/results.md, history of 2026-11-30). A figure measured while the host was slow is
// slow too, baselines included; the slices' spread says how much one round can differ from the next.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** The CPU time of the slices, in ms: their median, the fastest and the slowest. */
export interface HostSpeed {
  medianMs: number;
  fastestMs: number;
  slowestMs: number;
}

/** Slices timed, each followed by a pause. */
export const SLICES = 12;
/** Slices run to compile the work before those counted. */
const WARM_UP_SLICES = 3;
const PAUSE_MS = 50;

const PRODUCTS = JSON.stringify(
  Array.from({ length: 300 }, (_, n) => ({ _id: `p${n}`, name: `product ${n}`, price: n * 3.5, category: ['fish', 'rice', 'tea'][n % 3] })),
);

/** One slice of the work, in ms of this process's CPU time. */
function sliceMs(): number {
  const start = process.cpuUsage();
  for (let round = 0; round < 200; round++) {
    JSON.stringify(JSON.parse(PRODUCTS));
    createHash('sha256').update(PRODUCTS).digest();
  }
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1_000;
}

export function summarise(slicesMs: number[]): HostSpeed {
  if (slicesMs.length === 0) throw new Error('no slice was timed');
  const sorted = [...slicesMs].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const medianMs = sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { medianMs, fastestMs: sorted[0]!, slowestMs: sorted.at(-1)! };
}

/** Times the slices, with a pause between them so that they sample a second or so of the host. */
export async function hostSpeedNow(): Promise<HostSpeed> {
  for (let n = 0; n < WARM_UP_SLICES; n++) sliceMs();
  const slicesMs: number[] = [];
  for (let n = 0; n < SLICES; n++) {
    slicesMs.push(sliceMs());
    await sleep(PAUSE_MS);
  }
  return summarise(slicesMs);
}

// How much of this machine's CPU time its host gave to others while a benchmark ran ("steal" in
// /proc/stat). This machine is a virtual one on a shared host: with half its CPU time taken, bare
// Node served 19,500 req/s where it served 59,700 on a quiet day, so a figure read without this
// share cannot be told from a regression.
import { readFileSync } from 'node:fs';
import type { HostSpeed } from './host-speed';

/** The machine's CPU time so far, in clock ticks: all of it, and the part the host took. */
export interface CpuTimes {
  total: number;
  stolen: number;
}

/** Reads the first line of /proc/stat: `cpu user nice system idle iowait irq softirq steal …`. */
export function cpuTimesOf(procStat: string): CpuTimes {
  const fields = procStat.split('\n', 1)[0]!.trim().split(/\s+/);
  if (fields[0] !== 'cpu') throw new Error('not a /proc/stat: its first line is not the cpu line');
  // guest time is counted in user time already; the first eight columns add up to the whole
  const ticks = fields.slice(1, 9).map(Number);
  return { total: ticks.reduce((sum, tick) => sum + tick, 0), stolen: ticks[7] ?? 0 };
}

export const cpuTimesNow = (): CpuTimes => cpuTimesOf(readFileSync('/proc/stat', 'utf8'));

/** The share of this machine's CPU time its host gave to others while one bench script ran, and
 *  how fast the host ran fixed work just before it (host-speed.ts). */
export interface HostShare {
  script: string;
  share: number;
  speed?: HostSpeed;
}

/** The share of the CPU time between two readings that the host took, 0 to 1. */
export function stolenShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total > 0 ? (after.stolen - before.stolen) / total : 0;
}

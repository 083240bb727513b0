import { readdir, readFile } from 'node:fs/promises';

export interface ComponentUsage {
  /** resident memory of its processes now */
  rssBytes: number;
  /** CPU time its live processes have used since they started (user + system) */
  cpuMs: number;
  /** when its oldest live process started (ms since the epoch): how long it has had to warm up */
  startedAt: number;
}

/** Clock ticks a second of /proc's CPU times: 100 on every Linux the stack runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** When the machine booted (ms since the epoch): processes' start times are counted from it. Read
 *  at the first call only, as it does not change while the stack runs. */
let bootTime: Promise<number> | undefined;

/**
 * Memory and CPU time of every process in the given process groups, and of their descendants in
 * groups of their own, from /proc. The stack starts each component as a group leader, so a group
 * holds the component and its children (kc.sh -> java); a child that starts a group of its own (as
 * playwright starts a browser) counts as its component's all the same.
 */
export async function usageByGroup(groups: Map<number, string>): Promise<Map<string, ComponentUsage>> {
  const byName = new Map<string, ComponentUsage>();
  bootTime ??= readFile('/proc/stat', 'utf8').then((stat) => Number(/^btime (\d+)$/m.exec(stat)?.[1] ?? 0) * 1000);
  const bootedAt = await bootTime;
  const processes = new Map<number, { parent: number; group: number; fields: string[] }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may contain spaces) start at state: ppid is the 2nd of
    // them, pgrp the 3rd, utime and stime the 12th and 13th, starttime (ticks after boot) the 20th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 19) processes.set(Number(entry), { parent: Number(fields[1]), group: Number(fields[2]), fields });
  }
  const componentOf = (pid: number): string | undefined => {
    for (let seen = 0, at = processes.get(pid); at && seen < 64; seen++, at = processes.get(at.parent)) {
      const name = groups.get(at.group);
      if (name) return name;
    }
    return undefined;
  };
  for (const [pid, { fields }] of processes) {
    const name = componentOf(pid);
    if (!name) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const ticks = Number(fields[11]) + Number(fields[12]);
    const startedAt = bootedAt + (Number(fields[19]) * 1000) / TICKS_PER_SECOND;
    const usage = byName.get(name) ?? { rssBytes: 0, cpuMs: 0, startedAt };
    usage.rssBytes += kib * 1024;
    usage.cpuMs += (ticks * 1000) / TICKS_PER_SECOND;
    usage.startedAt = Math.min(usage.startedAt, startedAt);
    byName.set(name, usage);
  }
  return byName;
}

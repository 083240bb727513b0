import { readdir, readFile } from 'node:fs/promises';

/**
 * Resident memory (RSS) of every process in the given process groups, from /proc. The stack starts
 * each component as a group leader, so a group holds the component and its children (kc.sh -> java).
 */
export async function residentMemoryByGroup(groups: Map<number, string>): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may contain spaces) start at state; pgrp is the 3rd of them.
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    const name = groups.get(pgrp);
    if (!name) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    byName.set(name, (byName.get(name) ?? 0) + kib * 1024);
  }
  return byName;
}

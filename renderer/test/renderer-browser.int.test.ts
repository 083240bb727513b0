/**
 * The renderer renders with React in its own process (issue 56; its Chromium is retired,
 * docs/decisions/server-rendering.md): rendering a page, it starts no browser nor any other
 * process, and of the renderer and all its descendants the only listening socket is its own HTTP
 * port (issue 53, finding 7: nothing else on the machine can reach what renders the pages).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { servedAs, stackEnv } from '@bazar/testing';
import { HOST, PORTS } from '../../infra/stack/ports.ts';

const RENDERER = `http://${HOST}:${PORTS.renderer}`;

interface Proc {
  pid: number;
  parent: number;
  /** its arguments joined with spaces */
  command: string;
}

async function processes(): Promise<Proc[]> {
  const found: Proc[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [stat, cmdline] = await Promise.all(
      ['stat', 'cmdline'].map((file) => readFile(`/proc/${entry}/${file}`, 'utf8').catch(() => '')),
    );
    if (!stat) continue;
    found.push({
      pid: Number(entry),
      parent: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]),
      command: cmdline!.split('\0').filter(Boolean).join(' '),
    });
  }
  return found;
}

/** The renderer's process: the one listening on its port. */
function rendererPid(): number {
  const listening = execFileSync('ss', ['-Hltnp', `sport = :${PORTS.renderer}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`nothing listens on the renderer's port ${PORTS.renderer}`);
  return Number(pid);
}

function descendants(of: number, all: Proc[]): Proc[] {
  const found = all.filter(({ pid }) => pid === of);
  for (let i = 0; i < found.length; i++) found.push(...all.filter(({ parent }) => parent === found[i]!.pid));
  return found;
}

/** TCP ports a process listens on: its socket descriptors that its network namespace lists as LISTEN. */
async function listeningPorts(pid: number): Promise<number[]> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  const inodes = new Set<string>();
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const lines = (await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && inode && inodes.has(inode)) ports.push(parseInt(local!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** The renderer and its descendants once it has rendered a page (a search is rendered from its
 *  second asking, and served by nginx once kept), with whatever it started to render it. */
async function rendererAfterARender(): Promise<{ renderer: number; family: Proc[] }> {
  const address = `/search?search=${randomUUID().slice(0, 8)}`;
  const family = new Map<number, Proc>();
  for (let asked = 0; asked < 60; asked++) {
    for (const proc of descendants(rendererPid(), await processes())) family.set(proc.pid, proc);
    if (asked < 2) await fetch(`${RENDERER}${address}`, { headers: { 'x-page-language': 'en' } });
    else if (servedAs(await (await fetch(`${stackEnv.webUrl}${address}`, { headers: { cookie: 'bazar.language=en' } })).text()) !== 'app')
      return { renderer: rendererPid(), family: [...family.values()] };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the renderer did not render ${address}`);
}

describe('the renderer', () => {
  it("listens on no port but its own: the renderer's HTTP port is the only one of the renderer and its descendants", async () => {
    const { renderer, family } = await rendererAfterARender();
    const listening = (await Promise.all(family.map(async ({ pid }) => (await listeningPorts(pid)).map((port) => ({ pid, port }))))).flat();
    expect(listening).toEqual([{ pid: renderer, port: PORTS.renderer }]);
  });

  it('renders with React in its own process: rendering a page starts no browser nor any other process', async () => {
    const { renderer, family } = await rendererAfterARender();
    expect(family.filter(({ pid }) => pid !== renderer).map(({ command }) => command)).toEqual([]);
  });
});

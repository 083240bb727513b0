import { closeSync, fchmodSync, openSync, writeSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import waitOn from 'wait-on';
import type { Component } from './components.ts';
import { ROOT, stackPath } from './paths.ts';
import { StackError } from './stack-error.ts';

interface Running {
  component: Component;
  process: ChildProcess;
  exited: Promise<number | string>;
}

const logFile = (name: string) => stackPath('logs', `${name}.log`);

async function tail(file: string, lines = 25): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** True when every readiness probe of the component answers right now. */
export async function isReady(component: Component): Promise<boolean> {
  try {
    await waitOn({ resources: component.ready, timeout: 1500, interval: 250, validateStatus: (s) => s === 200 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts components in order, each one ready before the next, and stops them in reverse order.
 * Processes run in their own process group so that a component's children (kc.sh starts java)
 * stop with it.
 */
export class Stack {
  private readonly running: Running[] = [];
  private stopping = false;

  constructor(private readonly onUnexpectedExit: (name: string, detail: string) => void) {}

  /**
   * Starts a component and waits until it is ready. With `detach`, it is left running when this
   * process exits (for restarting one component of a stack that `up` runs).
   */
  async start(component: Component, { detach = false } = {}): Promise<void> {
    for (const port of component.ports) {
      if (!(await portIsFree(port))) {
        throw new StackError(
          `Port ${port} (${component.name}) is busy: stop what listens there (ss -ltnp 'sport = :${port}') or run 'npm run stack -- down', then try again.`,
        );
      }
    }
    // Logs are the stack user's alone (0700, files 0600), a folder made before included: a
    // component may log what acts for an account (a session code, say).
    await mkdir(stackPath('logs'), { recursive: true, mode: 0o700 });
    await chmod(stackPath('logs'), 0o700);
    await component.prepare?.();

    // The log file is the child's own stdout/stderr, so logging does not depend on this process.
    const log = openSync(logFile(component.name), 'a', 0o600);
    fchmodSync(log, 0o600);
    writeSync(log, `\n--- ${new Date().toISOString()} starting ${component.name}\n`);
    // Its own process group, so that stopping it reaches its children too (kc.sh starts java).
    const child = spawn(component.command, component.args, {
      cwd: component.cwd ?? ROOT,
      env: { ...process.env, ...component.env },
      detached: true,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    const exitedWith = new Promise<number | string>((resolve) => {
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
      child.once('error', (error) => resolve(error.message));
    });
    const entry: Running = { component, process: child, exited: exitedWith };
    this.running.push(entry);
    void exitedWith.then(async (how) => {
      if (this.stopping || !this.running.includes(entry)) return;
      this.onUnexpectedExit(component.name, `exit ${how}\n${await tail(logFile(component.name))}`);
    });

    const exited = exitedWith.then(() => 'exited' as const);
    const ready = waitOn({
      resources: component.ready,
      timeout: component.readyTimeoutMs,
      interval: 250,
      validateStatus: (status) => status === 200,
    }).then(() => 'ready' as const);
    const outcome = await Promise.race([ready, exited]).catch(() => 'timeout' as const);
    if (outcome !== 'ready') {
      const why = outcome === 'exited' ? 'exited during start' : `was not ready after ${component.readyTimeoutMs / 1000} s`;
      throw new StackError(`${component.name} ${why}. Last lines of ${logFile(component.name)}:\n${await tail(logFile(component.name))}`);
    }
    await component.afterReady?.();
    if (detach) {
      this.running.splice(this.running.indexOf(entry), 1);
      child.unref();
    }
  }

  /** Process group of each running component, keyed by group id. */
  groups(): Map<number, string> {
    return new Map(this.running.flatMap(({ component, process: child }) => (child.pid ? [[child.pid, component.name] as const] : [])));
  }

  /** Names of the components this stack runs right now. */
  names(): string[] {
    return this.running.map(({ component }) => component.name);
  }

  /**
   * Stops one running component, gracefully (SIGTERM) or as a crash would (SIGKILL), without
   * reporting it as an unexpected exit; `start` brings it back. For the fault tests.
   */
  async stop(name: string, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const entry = this.running.find(({ component }) => component.name === name);
    if (!entry) throw new StackError(`${name} is not running`);
    this.running.splice(this.running.indexOf(entry), 1);
    await stopProcess(entry, signal);
  }

  /** Sends a running component's process a signal (SIGHUP: nginx reads its configuration again). */
  signal(name: string, signal: NodeJS.Signals): void {
    const entry = this.running.find(({ component }) => component.name === name);
    if (!entry?.process.pid) throw new StackError(`${name} is not running`);
    process.kill(entry.process.pid, signal);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const entry of this.running.reverse()) await stopProcess(entry, 'SIGTERM');
    this.running.length = 0;
  }
}

/** Signals a component's process group and waits for it to exit; after 15 s it is killed. */
async function stopProcess({ component, process: child, exited }: Running, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
  if (stopped) return;
  console.warn(`${component.name} did not stop within 15 s; killing it`);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await exited;
}

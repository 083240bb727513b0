import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import { execa, type ResultPromise } from 'execa';
import waitOn from 'wait-on';
import type { Component } from './components.ts';
import { ROOT, stackPath } from './paths.ts';

/** A failure the user can act on: printed as one line, without a stack trace. */
export class StackError extends Error {}

interface Running {
  component: Component;
  process: ResultPromise;
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

  async start(component: Component): Promise<void> {
    for (const port of component.ports) {
      if (!(await portIsFree(port))) {
        throw new StackError(
          `Port ${port} (${component.name}) is busy: stop what listens there (ss -ltnp 'sport = :${port}') or run 'npm run stack -- down', then try again.`,
        );
      }
    }
    await mkdir(stackPath('logs'), { recursive: true });
    await component.prepare?.();

    const log = createWriteStream(logFile(component.name), { flags: 'a' });
    log.write(`\n--- ${new Date().toISOString()} starting ${component.name}\n`);
    const child = execa(component.command, component.args, {
      cwd: component.cwd ?? ROOT,
      env: component.env,
      detached: true,
      stdin: 'ignore',
      stdout: ['pipe'],
      stderr: ['pipe'],
      reject: false,
      cleanup: true,
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const entry = { component, process: child };
    this.running.push(entry);
    void child.then(async (result) => {
      if (this.stopping || !this.running.includes(entry)) return;
      this.onUnexpectedExit(component.name, `exit code ${result.exitCode ?? result.signal}\n${await tail(logFile(component.name))}`);
    });

    const exited = child.then(() => 'exited' as const);
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
  }

  /** Process group of each running component, keyed by group id. */
  groups(): Map<number, string> {
    return new Map(
      this.running.flatMap(({ component, process: child }) => (child.pid ? [[child.pid, component.name] as const] : [])),
    );
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const { component, process: child } of this.running.reverse()) {
      if (child.exitCode !== null || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        continue;
      }
      const stopped = await Promise.race([child.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
      if (!stopped) {
        console.warn(`${component.name} did not stop within 15 s; killing it`);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    this.running.length = 0;
  }
}

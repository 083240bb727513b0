import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';

export interface RunningChromium {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, started as a child of this process rather than by playwright's own
 * launcher: playwright puts the browser in a process group of its own, where the stack runner would
 * neither count its memory as the renderer's nor stop it with the renderer. Its DevTools endpoint
 * listens on a free port of 127.0.0.1, which playwright connects to.
 */
export async function startChromium(executable: string, heapMiB: number): Promise<RunningChromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bazar-renderer-'));
  const child = spawn(
    executable,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--mute-audio',
      '--disable-extensions',
      // Memory (docs/decisions/rendered-pages.md, "Memory"): it renders one page at a time, of the
      // store only, so everything runs in one process (no zygote, renderer, GPU or network service
      // processes, no site isolation between origins it never opens) with a capped JavaScript heap,
      // and without the browser UI a headless window would otherwise preload.
      '--single-process',
      '--no-zygote',
      '--in-process-gpu',
      '--disable-software-rasterizer',
      '--disable-site-isolation-trials',
      '--enable-features=NetworkServiceInProcess2',
      '--disable-features=site-per-process,IsolateOrigins,PreloadTopChromeWebUI,SpareRendererForSitePerProcess,BackForwardCache,Translate,OptimizationHints,MediaRouter',
      `--js-flags=--max-old-space-size=${heapMiB}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A single-process Chromium was seen to outlive a SIGTERM: it never outlives the renderer.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const endpoint = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stderr });
    lines.on('line', (line) => {
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(line);
      if (found) resolve(found[1]!);
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`${executable} exited before it listened`)));
  });
  const browser = await chromium.connectOverCDP(endpoint);
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      child.kill();
      const killed = setTimeout(killOnExit, 3_000);
      await exited;
      clearTimeout(killed);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

import { readFile, mkdtemp, chown, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '@bazar/service-kit';
import { chromium, type BrowserContext } from 'playwright-core';

export interface RunningChromium {
  /** the browser's own (default) context: its one window */
  context: BrowserContext;
  /** false once the browser went away */
  connected(): boolean;
  close(): Promise<void>;
}

export interface ChromiumSettings {
  executable: string;
  heapMiB: number;
  /** the account Chromium runs as when the renderer runs as root ('' keeps root) */
  user: string;
}

/** Runs Chromium as another account: the renderer, as root, starts it through this (setpriv). */
const AS_USER = path.resolve(__dirname, '..', 'bin', 'chromium-as-user');

const FEATURES_OFF =
  'site-per-process,IsolateOrigins,PreloadTopChromeWebUI,SpareRendererForSitePerProcess,BackForwardCache,Translate,OptimizationHints,MediaRouter';

/** Whether this machine gave Chromium a working sandbox; undefined until a sandboxed start was tried. */
let sandboxWorks: boolean | undefined;

/** uid and gid of an account of /etc/passwd, if there is one of that name. */
async function account(name: string): Promise<{ uid: number; gid: number } | undefined> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const fields = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find(([user]) => user === name);
  return fields ? { uid: Number(fields[2]), gid: Number(fields[3]) } : undefined;
}

/**
 * Debian's Chromium, headless, started by playwright, which speaks to it over a pipe (descriptors 3
 * and 4, `--remote-debugging-pipe`): nothing else on the machine can reach its DevTools, where a port,
 * even on 127.0.0.1, lets any local process drive the browser. Playwright puts it in a process group
 * of its own; it still stops with the renderer (playwright kills it when the renderer exits, and
 * Chromium ends when its pipe closes, after a SIGKILL too), and the stack counts its memory as the
 * renderer's (infra/stack/usage.ts counts a component's descendants).
 *
 * It never runs as root: a renderer that runs as root starts it as `settings.user` (nobody). As
 * another account Chromium runs in its sandbox (user namespaces and seccomp), a renderer process
 * of its own. Where the machine gives no sandbox (no unprivileged user namespaces, as under Docker's
 * default seccomp profile, or no account to run as), it runs without, as one process, and says so
 * in the log once.
 */
export async function startChromium(settings: ChromiumSettings, log: Logger): Promise<RunningChromium> {
  const asRoot = process.getuid?.() === 0;
  const user = asRoot && settings.user ? await account(settings.user) : undefined;
  if (asRoot && !user) log.warn({ user: settings.user }, 'Chromium runs as root, without its sandbox: no account to run it as');
  const unprivileged = !asRoot || user !== undefined;
  if (unprivileged && sandboxWorks !== false) {
    try {
      const started = await launch(settings, user, true);
      sandboxWorks = true;
      return started;
    } catch (error) {
      if (sandboxWorks) throw error;
      sandboxWorks = false;
      log.warn({ err: error }, 'Chromium could not start in its sandbox here; it runs without it');
    }
  }
  return launch(settings, user, false);
}

async function launch(
  settings: ChromiumSettings,
  user: { uid: number; gid: number } | undefined,
  sandbox: boolean,
): Promise<RunningChromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bazar-renderer-'));
  if (user) await chown(profile, user.uid, user.gid);
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: user ? AS_USER : settings.executable,
      headless: true,
      chromiumSandbox: sandbox,
      // Chromium gets none of the renderer's environment (its settings and addresses): a home of its
      // own, and for the account's change the executable and who to run it as.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: profile,
        ...(process.env.LANG && { LANG: process.env.LANG }),
        ...(user && { BAZAR_CHROMIUM: settings.executable, BAZAR_CHROMIUM_UID: String(user.uid), BAZAR_CHROMIUM_GID: String(user.gid) }),
      },
      // the renderer stops itself (and its browser) on a signal; playwright must not act first
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      viewport: { width: 1280, height: 900 },
      args: [
        '--disable-gpu',
        '--in-process-gpu',
        '--disable-software-rasterizer',
        // Memory (docs/decisions/rendered-pages.md, "Memory"): it renders one page at a time, of the
        // store only: no site isolation between origins it never opens, the network service in the
        // browser process, a capped JavaScript heap, without the browser UI a headless window would
        // otherwise preload. Sandboxed, the page runs in one renderer process (the sandbox needs
        // its zygote); unsandboxed, everything runs in one process.
        '--disable-site-isolation-trials',
        '--enable-features=NetworkServiceInProcess2',
        `--disable-features=${FEATURES_OFF}`,
        `--js-flags=--max-old-space-size=${settings.heapMiB}`,
        ...(sandbox ? ['--renderer-process-limit=1'] : ['--single-process', '--no-zygote']),
      ],
    });
    let connected = true;
    context.once('close', () => (connected = false));
    return {
      context,
      connected: () => connected,
      async close() {
        await context.close().catch(() => undefined);
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}

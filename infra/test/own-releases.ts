// Releases of a test's own: a stack folder of its own, served by a second nginx from the same
// template as the stack's (infra/stack/nginx-config.ts; the remotes' builds, the shell and /api are the running store's), into
// which infra/bin/release.mjs releases copies of a remote's sources. The store at :8080 never sees
// these releases, and no tracked file is edited.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@bazar/testing';
import { test } from '@bazar/testing/browser-test';
import type { Page } from 'playwright-core';
import { renderNginxConfig, writeGatewayReplicas } from '../stack/nginx-config.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RELEASE = path.join(ROOT, 'infra', 'bin', 'release.mjs');

/** Starts the second nginx before the file's tests and stops it (and removes the folder) after them. */
export function ownReleases() {
  const stackDir = mkdtempSync(path.join(os.tmpdir(), 'bazar-releases-'));
  let nginx: ChildProcess | undefined;
  let webUrl = '';

  async function untilServed(pathname: string): Promise<void> {
    for (;;) {
      const answer = await fetch(`${webUrl}${pathname}`).catch(() => undefined);
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test.beforeAll(async () => {
    for (const dir of ['nginx', 'logs', 'media', 'bench']) mkdirSync(path.join(stackDir, dir), { recursive: true });
    const port = await freePort();
    webUrl = `http://localhost:${port}`;
    const config = path.join(stackDir, 'nginx', 'nginx.conf');
    writeFileSync(config, renderNginxConfig({ root: ROOT, stack: stackDir, port }));
    await writeGatewayReplicas(stackDir, 1);
    nginx = spawn('nginx', ['-p', path.join(stackDir, 'nginx'), '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    await untilServed('/mf-remotes.json');
  });

  test.afterAll(() => {
    nginx?.kill();
    rmSync(stackDir, { recursive: true, force: true });
  });

  return {
    /** The second nginx's address. */
    webUrl: () => webUrl,

    /** A copy of a remote's sources (e.g. 'mf-catalog') in the folder, resolving its packages from
     *  the repository's node_modules as the remote itself does. */
    copyOf(remote: string): string {
      const copy = path.join(stackDir, remote);
      for (const item of ['src', 'package.json', 'webpack.config.mjs'])
        cpSync(path.join(ROOT, remote, item), path.join(copy, item), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
      return copy;
    },

    /** Runs release.mjs on a copy; answers its exit code and what it printed. */
    releaseTool(command: 'release' | 'rollback', copy: string): Promise<{ exitCode: number; all: string }> {
      return new Promise((resolve) => {
        const env = { ...process.env, BAZAR_RELEASES_DIR: path.join(stackDir, 'releases') };
        execFile(process.execPath, [RELEASE, command, copy], { env, maxBuffer: 1 << 24 }, (error, stdout, stderr) =>
          resolve({ exitCode: error ? Number(error.code) : 0, all: `${stdout}${stderr}`.trim() }),
        );
      });
    },

    async runtimeManifest(): Promise<Record<string, string>> {
      return (await fetch(`${webUrl}/mf-remotes.json`)).json() as Promise<Record<string, string>>;
    },

    /** Has `page`, on the running store, read the runtime manifest and the released files from the
     *  second nginx: the store at :8080 (where Keycloak signs shoppers in) with these releases. */
    async openedOn(page: Page): Promise<void> {
      await page.route(/\/(mf-remotes\.json|mf\/releases\/.*)$/, async (route) => {
        const { pathname } = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${webUrl}${pathname}` }) });
      });
    },
  };
}

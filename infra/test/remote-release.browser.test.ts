// Versioned, reversible releases of a remote (issue 22, item 2; infra/bin/release.mjs): a shopper
// whose store is open gets a new release of the catalog at the next reload, a rollback brings the
// one before back, and a page still running an older release keeps loading its files.
//
// Other tests use the running store at the same time, so this one releases into a stack folder of
// its own, served by a second nginx from the same infra/nginx/nginx.conf (the remotes' builds, the
// shell and /api are the running store's); the store at :8080 never sees these releases. What is
// released is a copy of mf-catalog's sources with one heading changed, so no tracked file is edited.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pagePerFile } from '@bazar/testing';
import { renderNginxConfig } from '../stack/nginx-config.ts';

const ROOT = path.resolve(__dirname, '..', '..');
const RELEASE = path.join(ROOT, 'infra', 'bin', 'release.mjs');
// Two production builds of the catalog take a while on a busy machine.
jest.setTimeout(300_000);

const stackDir = mkdtempSync(path.join(os.tmpdir(), 'bazar-releases-'));
const catalogCopy = path.join(stackDir, 'mf-catalog');
const catalogMessages = path.join(catalogCopy, 'src', 'messages', 'en.json');
let nginx: ChildProcess | undefined;
let webUrl = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

beforeAll(async () => {
  for (const dir of ['nginx/temp', 'nginx/cache', 'logs', 'media', 'bench']) mkdirSync(path.join(stackDir, dir), { recursive: true });
  const port = await freePort();
  webUrl = `http://localhost:${port}`;
  const config = path.join(stackDir, 'nginx', 'nginx.conf');
  writeFileSync(config, await renderNginxConfig({ root: ROOT, stack: stackDir, port }));
  nginx = spawn('nginx', ['-p', path.join(stackDir, 'nginx'), '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
  await untilServed('/mf-remotes.json');

  // Resolves its packages from the repository's node_modules, as mf-catalog itself does.
  for (const item of ['src', 'package.json', 'webpack.config.mjs'])
    cpSync(path.join(ROOT, 'mf-catalog', item), path.join(catalogCopy, item), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(catalogCopy, 'node_modules'));
});

afterAll(() => {
  nginx?.kill();
  rmSync(stackDir, { recursive: true, force: true });
});

async function untilServed(pathname: string): Promise<void> {
  for (;;) {
    const answer = await fetch(`${webUrl}${pathname}`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs release.mjs on the catalog copy; answers its exit code and what it printed. */
function releaseTool(command: 'release' | 'rollback'): Promise<{ exitCode: number; all: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, BAZAR_RELEASES_DIR: path.join(stackDir, 'releases') };
    execFile(process.execPath, [RELEASE, command, catalogCopy], { env, maxBuffer: 1 << 24 }, (error, stdout, stderr) =>
      resolve({ exitCode: error ? Number(error.code) : 0, all: `${stdout}${stderr}`.trim() }),
    );
  });
}

/** Releases the catalog copy with the home's "Recently Sold Items" heading reading `heading`. */
async function releaseCatalogWithHeading(heading: string): Promise<string> {
  const messages = JSON.parse(readFileSync(catalogMessages, 'utf8')) as Record<string, unknown>;
  writeFileSync(catalogMessages, JSON.stringify({ ...messages, recentlySold: heading }));
  const { exitCode, all } = await releaseTool('release');
  expect({ exitCode, all }).toEqual({ exitCode: 0, all: expect.stringMatching(/catalog: release [0-9a-f]{12} in use/) });
  return runtimeManifest().then((entries) => entries.catalog!);
}

async function runtimeManifest(): Promise<Record<string, string>> {
  return (await fetch(`${webUrl}/mf-remotes.json`)).json() as Promise<Record<string, string>>;
}

const page = pagePerFile();
const heading = (name: string) => page.getByRole('heading', { name, exact: true }).waitFor();

test('without a release the store serves each remote’s latest build', async () => {
  expect(await runtimeManifest()).toEqual(JSON.parse(readFileSync(path.join(ROOT, 'shell', 'public', 'mf-remotes.json'), 'utf8')));
  await page.goto(webUrl);
  await heading('Recently Sold Items');
});

test('a release reaches the open store at its next reload', async () => {
  const entry = await releaseCatalogWithHeading('Recently Sold Items, release A');
  expect(entry).toMatch(/^\/mf\/releases\/catalog\/[0-9a-f]{12}\/mf-manifest\.json$/);
  await page.reload();
  await heading('Recently Sold Items, release A');
});

test('a page still running the earlier release keeps loading its files; a reload takes the new one', async () => {
  const releaseA = (await runtimeManifest()).catalog!.replace(/mf-manifest\.json$/, '');
  await releaseCatalogWithHeading('Recently Sold Items, release B');

  // The About page's code was not loaded yet: it comes from release A's folder, still served.
  const aboutFiles: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/mf/') && pathname.endsWith('.js')) aboutFiles.push(`${response.status()} ${pathname}`);
  });
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await heading('Why People Choose Their Daily Organic Life With Us');
  expect(aboutFiles.length).toBeGreaterThan(0);
  expect(aboutFiles.every((file) => file.startsWith(`200 ${releaseA}`))).toBe(true);
  page.removeAllListeners('response');

  await page.goto(webUrl);
  await heading('Recently Sold Items, release B');
});

test('rollback returns to the release before, and then to the latest build', async () => {
  expect((await releaseTool('rollback')).exitCode).toBe(0);
  await page.reload();
  await heading('Recently Sold Items, release A');

  expect((await releaseTool('rollback')).exitCode).toBe(0);
  expect((await runtimeManifest()).catalog).toBe('/mf/catalog/mf-manifest.json');
  await page.reload();
  await heading('Recently Sold Items');

  const nothingBefore = await releaseTool('rollback');
  expect({ exitCode: nothingBefore.exitCode, all: nothingBefore.all }).toEqual({
    exitCode: 1,
    all: 'npm run rollback: catalog: no earlier version to roll back to',
  });
});

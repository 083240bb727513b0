// Versioned, reversible releases of a remote (issue 22, item 2; infra/bin/release.mjs): a shopper
// whose store is open gets a new release of the catalog at the next reload, a rollback brings the
// one before back, and a page still running an older release keeps loading its files.
//
// Other tests use the running store at the same time, so this one releases into a stack folder of
// its own, served by a second nginx (./own-releases.ts). What is released is a copy of mf-catalog's
// sources with one heading changed, so no tracked file is edited.
import { expect, pagePerFile, test } from '@bazar/testing/browser-test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ownReleases, ROOT } from './own-releases.ts';

// Two production builds of the catalog take a while on a busy machine.
test.describe.configure({ timeout: 300_000 });

const releases = ownReleases();
let catalogCopy = '';
let catalogMessages = '';
let webUrl = '';
test.beforeAll(() => {
  catalogCopy = releases.copyOf('mf-catalog');
  catalogMessages = path.join(catalogCopy, 'src', 'messages', 'en.json');
  webUrl = releases.webUrl();
});
const releaseTool = (command: 'release' | 'rollback') => releases.releaseTool(command, catalogCopy);
const runtimeManifest = () => releases.runtimeManifest();

/** Releases the catalog copy with the home's "Recently Sold Items" heading reading `heading`. */
async function releaseCatalogWithHeading(heading: string): Promise<string> {
  const messages = JSON.parse(readFileSync(catalogMessages, 'utf8')) as Record<string, unknown>;
  writeFileSync(catalogMessages, JSON.stringify({ ...messages, recentlySold: heading }));
  const { exitCode, all } = await releaseTool('release');
  expect({ exitCode, all }).toEqual({ exitCode: 0, all: expect.stringMatching(/catalog: release [0-9a-f]{12} in use/) });
  return runtimeManifest().then((entries) => entries.catalog!);
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

// Remotes own their pages (issue 22, items 1 and 2): a page a new release of mf-dashboard adds shows
// in the dashboard's menu and under its URL with the shell as it is, and goes with a rollback; a
// release built for shared libraries the page cannot give it shows its fallback instead of running.
//
// The releases are this test's own (./own-releases.ts): only this browser reads their runtime
// manifest, on the store at :8080, where Keycloak signs the shopper in.
import { expect, pagePerFile, test } from '@bazar/testing/browser-test';
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ACCOUNTS, stackEnv } from '@bazar/testing';
import { ownReleases } from './own-releases.ts';

// Production builds of a remote take a while on a busy machine.
test.describe.configure({ timeout: 300_000 });

const releases = ownReleases();
const page = pagePerFile();
const { webUrl } = stackEnv;
test.beforeAll(() => releases.openedOn(page));

const editJson = (file: string, edit: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(file, JSON.stringify(json));
};
const shellPage = async () =>
  createHash('sha256')
    .update(await (await fetch(webUrl)).text())
    .digest('hex');

test.describe('a page a release of mf-dashboard adds', () => {
  let dashboard = '';
  test.beforeAll(() => {
    dashboard = releases.copyOf('mf-dashboard');
    writeFileSync(
      path.join(dashboard, 'src', 'pages', 'DeliverySlots.tsx'),
      `export default function DeliverySlots() {
  return <h2 className="text-xl font-bold">Your Delivery Slots</h2>;
}
`,
    );
    const routes = path.join(dashboard, 'src', 'routes.mts');
    const page = `{ path: '/dashboard/delivery-slots', page: './pages/DeliverySlots.tsx', access: 'signedIn', menu: { in: 'dashboard', label: 'links.deliverySlots', order: 45 } }`;
    writeFileSync(routes, readFileSync(routes, 'utf8').replace('] satisfies PageRoute[];', `  ${page},\n] satisfies PageRoute[];`));
    for (const [language, label] of [
      ['en', 'Delivery Slots'],
      ['bn', 'ডেলিভারির সময়'],
    ] as const)
      editJson(path.join(dashboard, 'src', 'messages', `${language}.json`), (messages) => {
        Object.assign(messages.links as object, { deliverySlots: label });
      });
  });

  const sidebar = () => page.getByRole('navigation', { name: 'Dashboard' });

  test('shows in the dashboard’s menu and under its URL, with the shell unchanged', async () => {
    const shellBefore = await shellPage();
    expect((await releases.releaseTool('release', dashboard)).all).toMatch(/dashboard: release [0-9a-f]{12} in use/);

    await page.goto(`${webUrl}/dashboard`);
    await page.waitForURL(/\/auth\/realms\/bazar\//);
    await page.locator('#username').fill(ACCOUNTS.shopper.email);
    await page.locator('#password').fill(ACCOUNTS.shopper.password);
    await page.locator('#kc-login').click();
    await sidebar().getByRole('link', { name: 'My Review' }).waitFor();
    expect(await sidebar().getByRole('link').allInnerTexts()).toEqual([
      'My Profile',
      'My Orders',
      'My Wallet',
      'My Review',
      'Delivery Slots',
    ]);

    await sidebar().getByRole('link', { name: 'Delivery Slots' }).click();
    await page.getByRole('heading', { name: 'Your Delivery Slots' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/delivery-slots');

    await page.goto(`${webUrl}/dashboard/delivery-slots`);
    await page.getByRole('heading', { name: 'Your Delivery Slots' }).waitFor();
    await page.screenshot({ path: 'test-results/remote-pages-new-dashboard-page.png' });
    expect(await shellPage()).toBe(shellBefore);
  });

  test('goes with a rollback', async () => {
    expect((await releases.releaseTool('rollback', dashboard)).exitCode).toBe(0);
    await page.goto(`${webUrl}/dashboard/delivery-slots`);
    await page.getByRole('heading', { name: "OOOPPS! THIS PAGE CAN'T BE FOUND." }).waitFor();
    await page.goto(`${webUrl}/dashboard`);
    await sidebar().getByRole('link', { name: 'My Review' }).waitFor();
    expect(await sidebar().getByRole('link').allInnerTexts()).toEqual(['My Profile', 'My Orders', 'My Wallet', 'My Review']);
  });
});

test.describe('a release of mf-catalog built for a React the page does not have', () => {
  let catalog = '';
  test.beforeAll(() => {
    catalog = releases.copyOf('mf-catalog');
    editJson(path.join(catalog, 'package.json'), (json) => {
      Object.assign(json.dependencies as object, { react: '^20.0.0' });
    });
  });

  test('is refused: its pages show their fallback inside a working store, and a rollback brings them back', async () => {
    expect((await releases.releaseTool('release', catalog)).all).toMatch(/catalog: release [0-9a-f]{12} in use/);
    const crashes: string[] = [];
    const errors: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await page.goto(`${webUrl}/about`);
    await page.getByRole('alert').getByRole('heading', { name: 'This part of the store is unavailable right now' }).waitFor();
    // the shell's top bar and footer, and the menus the release's manifest lists, still work
    await page.getByText('Copyright 2022').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Blogs', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe('/blogs');
    await page.getByRole('alert').getByRole('heading', { name: 'This part of the store is unavailable right now' }).waitFor();
    await page.screenshot({ path: 'test-results/remote-pages-incompatible-catalog.png' });
    expect(crashes).toEqual([]);
    // refused by the federation runtime for the range the release declares
    expect(errors.join('\n')).toMatch(
      /shared singleton module react(\/jsx-runtime)? does not satisfy the requirement of catalog which needs \^20\.0\.0/,
    );

    expect((await releases.releaseTool('rollback', catalog)).exitCode).toBe(0);
    await page.goto(`${webUrl}/about`);
    await page.getByRole('heading', { name: 'Why People Choose Their Daily Organic Life With Us' }).waitFor();
  });
});

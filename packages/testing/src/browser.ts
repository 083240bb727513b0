import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PRERENDERED_ANSWERS } from '@bazar/contracts';
import { noteOpenBrowser } from './browser-registry';
import { eventually, stackEnv } from './stack';

/** Debian's Chromium, headless; tests never download a browser. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return noteOpenBrowser(browser);
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it stands, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  // run in the page; the page's own globals, named without the DOM's types (this package has none)
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as {
      axe: { run: (context: unknown) => Promise<{ violations: Violation[] }> };
      document: unknown;
    };
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** What a page served rendered has: the answers it was rendered from, after its markup. */
export const RENDERED_ANSWERS = `<script type="application/json" id="${PRERENDERED_ANSWERS}">`;

/** Pages are rendered in the background, one at a time, and again whenever their data changes (other
 *  tests publish products and offers): waits for one are generous. */
export const RENDERED_WITHIN_MS = 120_000;

/** Opens the store's page as nginx serves it rendered (asking for it is what has it rendered): a page
 *  is taken away while it is rendered again, and is then the client-rendered app, opened again. */
export async function openRendered(
  page: Page,
  pathname: string,
  { beforeEachTry = () => undefined, waitUntil = 'load' }: { beforeEachTry?: () => void; waitUntil?: 'load' | 'commit' } = {},
): Promise<void> {
  await eventually(
    async () => {
      beforeEachTry();
      const answer = await page.goto(`${stackEnv.webUrl}${pathname}`, { waitUntil });
      if (!(await answer!.text()).includes(RENDERED_ANSWERS)) throw new Error(`${pathname} came without its rendered markup`);
    },
    RENDERED_WITHIN_MS,
    250,
  );
}

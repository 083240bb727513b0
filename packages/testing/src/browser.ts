import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, headless; tests never download a browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

/** The desktop window the storefront's browser tests look through. */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/**
 * One Chromium for a test file and a fresh page for each of its tests, closed after it: registers
 * the jest hooks and answers a stand-in for the page of the test running now, so the file writes
 * `page.goto(…)` as if the page were its own.
 */
export function pagePerTest(options: BrowserContextOptions = DESKTOP): Page {
  let browser: Browser | undefined;
  let current: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    current = await browser!.newPage(options);
  });
  afterEach(() => current?.close());
  const now = () => {
    if (!current) throw new Error('the page exists only while a test runs');
    return current;
  };
  return new Proxy({} as Page, {
    get(_standIn, property) {
      const value: unknown = Reflect.get(now(), property, now());
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(now()) : value;
    },
    // playwright's own calls that take a page (newCDPSession) check it with instanceof
    getPrototypeOf: () => Object.getPrototypeOf(now()) as object,
  });
}

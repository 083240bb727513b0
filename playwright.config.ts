// The browser tests (*.browser.test.ts): Playwright Test drives Debian's Chromium (launchChromium in
// @bazar/testing) against the running stack, which `npm test` starts (infra/bin/test-phases.mjs) or
// `npm start` keeps up for `npx playwright test` by hand. Every other kind of test runs under jest
// (jest.config.cjs). The tests of a file run in order, in one worker; two files at a time.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testMatch: '**/*.browser.test.ts',
  testIgnore: ['**/node_modules/**', '**/dist/**', '**/.stack/**'],
  timeout: 60_000,
  // a wait on the page states its own time; expect's polling assertions get the same as jest's tests had
  expect: { timeout: 30_000 },
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/runs/playwright.json' }]],
});

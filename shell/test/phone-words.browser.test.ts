// The top bar and the not-found page on a 390 px phone, in English and in Bangla: the search box's
// placeholder is seen whole (it was cut after 'fish,' in English), and the not-found page writes its
// 404 in the page's digits, as the store writes every other number (it showed ASCII '404' on a
// Bangla page). Screenshots go to test-results/.
import { expect, test } from '@bazar/testing/browser-test';
import { browsingIn, launchChromium, stackEnv } from '@bazar/testing';
import type { Browser, Page } from 'playwright-core';

let browser: Browser;

test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(async () => {
  await browser?.close();
});

const LANGUAGES = [
  { language: 'en', home: 'Go To Home', status: '404' },
  { language: 'bn', home: 'হোমে ফিরে যান', status: '৪০৪' },
] as const;

/** How much wider the visible search box's placeholder is than the room its box gives it, in px
 *  (0 or less: seen whole), in the box's own font. */
async function placeholderOverflow(page: Page): Promise<{ placeholder: string; overflow: number }> {
  return page.evaluate(() => {
    const box = [...document.querySelectorAll<HTMLInputElement>('header input[name="search"]')].find(
      (input) => input.offsetParent !== null,
    );
    if (!box) throw new Error('no search box shows');
    const style = getComputedStyle(box);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { placeholder: box.placeholder, overflow: context.measureText(box.placeholder).width - room };
  });
}

for (const { language, home, status } of LANGUAGES) {
  test(`in ${language}, at 390 px, the search box's placeholder is seen whole and the not-found page shows ${status}`, async () => {
    const context = await browsingIn(browser, language, 'phone');
    const page = await context.newPage();
    await page.goto(`${stackEnv.webUrl}/no-such-aisle`);
    await page.getByRole('link', { name: home }).waitFor();
    // the faces the placeholder is drawn in, Bangla's among them
    await page.evaluate(() => document.fonts.ready);

    const { placeholder, overflow } = await placeholderOverflow(page);
    expect(placeholder.length).toBeGreaterThan(0);
    expect(overflow, `'${placeholder}' is cut`).toBeLessThanOrEqual(0);

    await expect(page.getByRole('main').getByText(status, { exact: true })).toBeVisible();
    await page.screenshot({ path: `test-results/not-found-${language}-390.png` });
    await context.close();
  });
}

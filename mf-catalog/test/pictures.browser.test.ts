// Pictures that fit the screen (issue 19, item 3), in Chromium at a phone's size against nginx: the
// product page's picture (its Largest Contentful Paint) is fetched at once and first, from the
// media service's width variants; the cards' pictures have the same variants and wait lazily below
// the fold; every picture has a width and height, so none moves the page when it arrives.
import { expect, test } from '@bazar/testing/browser-test';
import { catalogProducts, launchChromium, stackEnv } from '@bazar/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const VARIANT = /\/media\/[0-9a-f]{64}-(160|320|640|1024)\.webp$/;

let browser: Browser;
let context: BrowserContext;
let page: Page;

test.beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext(PHONE);
});
test.afterAll(() => browser?.close());
test.beforeEach(async () => {
  page = await context.newPage();
});
test.afterEach(() => page?.close());

/** The attributes of every <img> of the HTML as rendered (after the scripts ran). */
async function imagesOf(on: Page) {
  const html = await on.content();
  return [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => {
    const attributes = new Map([...tag.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
    return { tag, attr: (name: string) => attributes.get(name) };
  });
}

const expectVariantsOf = (srcset: string | undefined, src: string | undefined) => {
  const base = src!.replace(/\.webp$/, '');
  expect(srcset).toBe([160, 320, 640, 1024].map((width) => `${base}-${width}.webp ${width}w`).join(', '));
};

test("the product page's picture is eager, first in line, from its width variants, and reserves its box", async () => {
  const [product] = await catalogProducts();
  await page.addInitScript(() => {
    (window as unknown as { __shifts: number[] }).__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        (window as unknown as { __shifts: number[] }).__shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const pictureAnswer = page.waitForResponse((response) => VARIANT.test(new URL(response.url()).pathname));
  await page.goto(`${stackEnv.webUrl}/product-details/${product!._id}`);
  await page.getByRole('heading', { level: 1, name: product!.name }).waitFor();

  const main = (await imagesOf(page)).find((img) => img.attr('alt') === product!.name);
  expect(main).toBeDefined();
  expect(main!.attr('src')).toBe(product!.img);
  expectVariantsOf(main!.attr('srcset'), product!.img);
  expect(main!.attr('fetchpriority')).toBe('high');
  expect(main!.attr('loading')).toBe('eager');
  expect(main!.attr('sizes')).toBeTruthy();
  expect(Number(main!.attr('width'))).toBeGreaterThan(0);
  expect(Number(main!.attr('height'))).toBeGreaterThan(0);

  // the phone took a variant (412 CSS px at 1.75: the 1024 one), in AVIF where one was kept
  const answer = await pictureAnswer;
  expect(['image/avif', 'image/webp']).toContain(answer.headers()['content-type']);
  const shown = page.getByRole('img', { name: product!.name });
  expect(await shown.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(VARIANT);
  const box = (await shown.boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(box.height));
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, v) => sum + v, 0))).toBeLessThan(
    0.02,
  );
});

test("the cards' pictures have the variants, a width and height, and load lazily below the fold", async () => {
  await page.goto(stackEnv.webUrl);
  const recentlySold = page.getByRole('region', { name: 'Recently Sold Items' });
  await recentlySold.getByRole('article').first().waitFor();

  const images = await imagesOf(page);
  expect(images.length).toBeGreaterThan(0);
  // every picture on the page reserves its box
  for (const img of images) expect([img.tag, Number(img.attr('width')) > 0 && Number(img.attr('height')) > 0]).toEqual([img.tag, true]);

  const cards = recentlySold.getByRole('article').locator('img');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  const viewportHeight = PHONE.viewport.height;
  let belowTheFold = 0;
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const [src, srcset, loading, fetchpriority, top] = await card.evaluate((img: HTMLImageElement) => [
      img.getAttribute('src'),
      img.getAttribute('srcset'),
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
      img.getBoundingClientRect().top + window.scrollY,
    ]);
    expectVariantsOf(srcset as string, src as string);
    expect(fetchpriority).toBeNull();
    if ((top as number) > viewportHeight) {
      belowTheFold += 1;
      expect(loading).toBe('lazy');
    }
  }
  expect(belowTheFold).toBeGreaterThan(0);

  // scrolled to, the last card's picture arrives as a variant narrower than the product page's
  const last = cards.nth(count - 1);
  await last.scrollIntoViewIfNeeded();
  expect(await last.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
  expect(await last.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(320|640)\.webp$/);
});

test("search results open on their first row of cards, whose pictures are fetched at once (the first, a phone's main picture, first in line), the rest lazily", async () => {
  await page.goto(`${stackEnv.webUrl}/search?search=rice`);
  await page.getByRole('article').nth(2).waitFor();
  const loading = await page
    .getByRole('article')
    .locator('img')
    .evaluateAll((images: HTMLImageElement[]) => images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]));
  expect(loading.slice(0, 2)).toEqual([
    ['eager', 'high'],
    ['eager', null],
  ]);
  expect(new Set(loading.slice(2).map(([lazy]) => lazy))).toEqual(new Set(['lazy']));
});

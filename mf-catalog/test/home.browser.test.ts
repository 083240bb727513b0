// The home page in Chromium, section by section as spec.md (section 2, Home) lists them: the slider,
// the promos, the featured cards, the static sections and their fixed texts.
import { expect, pagePerTest, test } from '@bazar/testing/browser-test';
import { formatTaka } from '@bazar/contracts';
import { catalogProducts, stackEnv } from '@bazar/testing';
import type { Locator } from 'playwright-core';

const page = pagePerTest();
test.beforeEach(() => page.goto(stackEnv.webUrl));

const section = (name: string) => page.getByRole('main').getByRole('region', { name, exact: true });

/** The section once the page shows it. */
async function shown(name: string): Promise<Locator> {
  await section(name).waitFor();
  return section(name);
}

/** Waits until the element looks as opaque as `opacity` (its own opacity times its ancestors'): the
 *  slider's arrows and the featured cards' icons are in the page all along, shown only on hover. */
async function waitForOpacity(locator: Locator, opacity: 0 | 1): Promise<void> {
  const element = await locator.elementHandle();
  await page.waitForFunction(
    ([shown, wanted]) => {
      let seen = 1;
      for (let node: Element | null = shown; node; node = node.parentElement) seen *= Number(getComputedStyle(node).opacity);
      return seen === wanted;
    },
    [element, opacity] as const,
  );
}

test("the home page shows the spec's eleven sections in order", async () => {
  const names = [
    'Highlights',
    'Promotions',
    'Recently Sold Items',
    'Our Featured Items',
    'Discount',
    'More promotions',
    'Shop By Brands',
    'Read Our Articles',
    "Client's Feedback",
    'Subscribe and get 20% off your first order',
    'Our services',
  ];
  await section('Our Featured Items').getByRole('article').first().waitFor();
  const tops: number[] = [];
  for (const name of names) tops.push((await (await shown(name)).boundingBox())!.y);
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(new Set(tops).size).toBe(names.length);
  expect(await page.getByRole('main').getByRole('region').count()).toBe(names.length);
});

test('the slider shows three pictures in turn, with arrows on hover and dots, and wraps around', async () => {
  const slider = await shown('Highlights');
  const next = slider.getByRole('button', { name: 'Next slide' });
  const previous = slider.getByRole('button', { name: 'Previous slide' });
  const showing = async (n: number) => {
    await slider.getByText(`Slide ${n} of 3`).waitFor();
    return {
      title: await slider.getByRole('heading', { level: 1 }).innerText(),
      picture: await slider.getByRole('img').getAttribute('aria-label'),
    };
  };
  const first = await showing(1);

  await waitForOpacity(next, 0);
  await waitForOpacity(previous, 0);
  await slider.hover();
  await waitForOpacity(next, 1);
  await waitForOpacity(previous, 1);
  await page.mouse.move(0, 0);
  await waitForOpacity(next, 0);

  await next.click();
  const second = await showing(2);
  await next.click();
  const third = await showing(3);
  await next.click();
  expect(await showing(1)).toEqual(first);
  expect(new Set([first, second, third].map((slide) => slide.picture)).size).toBe(3);
  expect(new Set([first, second, third].map((slide) => slide.title)).size).toBe(3);

  await previous.click();
  expect(await showing(3)).toEqual(third);

  const dots = slider.getByRole('button', { name: /^Go to slide \d$/ });
  expect(await dots.count()).toBe(3);
  await dots.nth(1).click();
  expect(await showing(2)).toEqual(second);
  expect(await dots.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-current')))).toEqual([
    'false',
    'true',
    'false',
  ]);
});

test('three promo banners under the slider, two more promos under the countdown', async () => {
  const promos = (await shown('Promotions')).getByRole('article');
  const morePromos = (await shown('More promotions')).getByRole('article');
  expect(await promos.count()).toBe(3);
  expect(await morePromos.count()).toBe(2);
  const titles = [...(await promos.getByRole('heading').allInnerTexts()), ...(await morePromos.getByRole('heading').allInnerTexts())];
  expect(new Set(titles.filter(Boolean)).size).toBe(5);
});

test("featured cards: products 11 to 16, each with the 'Feature' tag, its real stars (none before a review) and icons on hover", async () => {
  const featured = (await catalogProducts()).slice(10, 16);
  expect(featured).toHaveLength(6);
  const cards = section('Our Featured Items').getByRole('article');
  await cards.first().waitFor();
  expect(await cards.getByRole('heading').allInnerTexts()).toEqual(featured.map((product) => product.name));

  for (const [i, product] of featured.entries()) {
    const card = cards.nth(i);
    expect(await card.getByText('Feature', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(formatTaka(product.price), { exact: true }).isVisible()).toBe(true);
    // signed out, the heart is there and asks to log in when pressed (wishlist-reviews.browser.test.ts)
    expect(await card.getByRole('button', { name: `Keep ${product.name} in your wishlist` }).isVisible()).toBe(true);
    // the spec's fixed four stars and '(3 reviews)' are gone: stars come from shoppers' reviews
    expect(await card.getByText('(3 reviews)', { exact: true }).count()).toBe(0);
    const stars = card.getByRole('img', { name: /^Rated .* out of 5$/ });
    if (!product.rating) expect(await stars.count()).toBe(0);
    else {
      const reviews = product.rating.count === 1 ? '(1 review)' : `(${product.rating.count} reviews)`;
      expect(await card.getByText(reviews, { exact: true }).isVisible()).toBe(true);
      expect(await stars.getAttribute('aria-label')).toBe(`Rated ${product.rating.average} out of 5`);
    }
  }

  const [first, second] = featured;
  const details = cards.first().getByRole('link', { name: `Details of ${first!.name}` });
  const add = cards.first().getByRole('button', { name: `Add ${first!.name}` });
  await waitForOpacity(details, 0);
  await waitForOpacity(add, 0);
  await cards.first().hover();
  await waitForOpacity(details, 1);
  await waitForOpacity(add, 1);
  // only the card under the pointer shows them
  await waitForOpacity(cards.nth(1).getByRole('link', { name: `Details of ${second!.name}` }), 0);

  await details.click();
  await page.waitForURL(`${stackEnv.webUrl}/product-details/${first!._id}`);
  await page.getByRole('heading', { level: 1, name: first!.name }).waitFor();
});

test("the countdown banner stands at '00:00:00:00' with its 20% badge and 'Shop Now'", async () => {
  const banner = await shown('Discount');
  expect(await banner.getByText('00:00:00:00', { exact: true }).isVisible()).toBe(true);
  expect(await banner.getByText(/^20%\s*off$/).isVisible()).toBe(true);
  expect(await banner.getByRole('button', { name: 'Shop Now' }).isVisible()).toBe(true);
});

test("'Shop By Brands' has six tiles of '(45 items)'", async () => {
  const tiles = (await shown('Shop By Brands')).getByRole('listitem');
  expect(await tiles.count()).toBe(6);
  expect(await tiles.getByText('(45 items)', { exact: true }).count()).toBe(6);
});

test("'Read Our Articles' has three cards and 'Client's Feedback' two testimonials", async () => {
  const articles = (await shown('Read Our Articles')).getByRole('article');
  expect(await articles.count()).toBe(3);
  expect((await articles.getByRole('heading').allInnerTexts()).every(Boolean)).toBe(true);

  const testimonials = (await shown("Client's Feedback")).getByRole('figure');
  expect(await testimonials.count()).toBe(2);
  for (const testimonial of await testimonials.all()) {
    expect(await testimonial.locator('blockquote').innerText()).not.toBe('');
    expect(await testimonial.locator('figcaption').innerText()).not.toBe('');
  }
});

test('the subscribe box takes an email address; the four service highlights close the page', async () => {
  const subscribe = await shown('Subscribe and get 20% off your first order');
  const email = subscribe.getByRole('textbox', { name: 'Email address' });
  expect(await email.getAttribute('type')).toBe('email');
  expect(await subscribe.getByRole('button', { name: 'Subscribe' }).isVisible()).toBe(true);

  const highlights = await (await shown('Our services')).getByRole('heading').allInnerTexts();
  expect(highlights.map((title) => title.toLowerCase())).toEqual([
    'free home delivery',
    'instant return policy',
    'quick support system',
    'secure payment way',
  ]);
  await page.screenshot({ path: 'test-results/home-sections.png', fullPage: true });
});

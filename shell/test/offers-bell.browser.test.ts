// The top bar's offers bell (spec.md section 2, Top bar): the count of the catalog's offers, and the
// modal with the first offer's title and details, Cancel and Continue.
import { expect, test } from '@bazar/testing/browser-test';
import type { Offer } from '@bazar/contracts';
import { pagePerTest, webUrl } from '@bazar/testing/pages';

const page = pagePerTest();

const allOffers = async () => (await (await fetch(`${webUrl}/api/alloffers`)).json()) as Offer[];

test("the bell counts the offers and shows the first one's title and details; Cancel and Continue close it", async () => {
  const before = await allOffers();
  await page.goto(webUrl);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Offers, \d+$/ });
  await bell.waitFor();
  const count = Number(/\d+/.exec((await bell.getAttribute('aria-label'))!)![0]);
  expect(await bell.innerText()).toBe(String(count));
  // an admin in another test may publish an offer meanwhile
  const after = await allOffers();
  expect(count).toBeGreaterThanOrEqual(before.length);
  expect(count).toBeLessThanOrEqual(after.length);

  const [first] = after;
  await bell.click();
  const modal = page.getByRole('dialog', { name: first!.offerTitle, exact: true });
  await modal.getByText(first!.offerDetails, { exact: true }).waitFor();
  await page.screenshot({ path: 'test-results/offers-bell.png' });
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await modal.waitFor({ state: 'hidden' });

  await bell.click();
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.waitFor({ state: 'hidden' });
});

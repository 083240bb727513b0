// The top bar's offers bell (spec.md section 2, Top bar): the count of the catalog's offers, and the
// modal with the first offer's title and details, Cancel and Continue. An offer may have a Bangla
// title and Bangla details beside its English ones (the admin's Add Offer form): a Bangla page's bell
// shows them, and the English ones when the offer has none.
import mongoose from 'mongoose';
import { expect, test } from '@bazar/testing/browser-test';
import type { Offer } from '@bazar/contracts';
import { ACCOUNTS, browsingIn, launchChromium, openSignedIn, stackEnv } from '@bazar/testing';
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

test("an admin publishes an offer with a Bangla title and details; a Bangla page's bell shows the first offer's Bangla ones, else its English ones", async () => {
  const browser = await launchChromium();
  const catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  const run = String(Date.now());
  const [first] = await allOffers();
  try {
    test.setTimeout(90_000);
    // the admin's form, in Bangla: the Bangla title and details are kept with the offer
    const admin = await (await browsingIn(browser, 'bn', 'laptop')).newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await openSignedIn(admin, '/dashboard/add-offer', ACCOUNTS.admin);
    await admin.getByLabel('অফারের শিরোনাম', { exact: true }).fill(`Eid offer ${run}`);
    await admin.getByLabel('বাংলা শিরোনাম').fill(`ঈদের অফার ${run}`);
    await admin.getByLabel('অফারের বিস্তারিত').fill('Two for one.');
    await admin.getByLabel('বাংলা বিস্তারিত').fill(`একটি কিনলে একটি ফ্রি ${run}`);
    await admin.screenshot({ path: 'test-results/add-offer-bn-1366.png', fullPage: true });
    await admin.getByRole('button', { name: 'অফার যোগ করুন' }).click();
    await admin.getByRole('dialog', { name: 'অফার প্রকাশ হয়েছে!' }).waitFor();
    await expect
      .poll(async () => {
        const published = (await allOffers()).find((offer) => offer.offerTitle === `Eid offer ${run}`);
        return published && [published.offerTitle_bn, published.offerDetails_bn];
      })
      .toEqual([`ঈদের অফার ${run}`, `একটি কিনলে একটি ফ্রি ${run}`]);

    // the bell shows the first offer: without a Bangla title and details, its English ones on a Bangla page
    const firstOffer = { _id: new mongoose.Types.ObjectId(first!._id) };
    await catalog.collection('offers').updateOne(firstOffer, { $unset: { offerTitle_bn: '', offerDetails_bn: '' } });
    const shopper = await (await browsingIn(browser, 'bn', 'phone')).newPage();
    const bellOffer = async () => {
      await shopper.goto(webUrl);
      // counted: the offers have been read
      await shopper
        .getByRole('banner')
        .getByRole('button', { name: /^অফার, [০-৯]+$/ })
        .click();
      const shown = [await shopper.locator('dialog[open] h2').innerText(), await shopper.locator('dialog[open] h2 + p').innerText()];
      await shopper.keyboard.press('Escape');
      return shown;
    };
    await expect.poll(bellOffer, { timeout: 15_000 }).toEqual([first!.offerTitle, first!.offerDetails]);
    // with them, the Bangla title and details; an English page keeps the English ones
    await catalog
      .collection('offers')
      .updateOne(firstOffer, { $set: { offerTitle_bn: `সপ্তাহের অফার ${run}`, offerDetails_bn: `দুটো কিনলে ৳৫০ ছাড় ${run}` } });
    await expect.poll(bellOffer, { timeout: 15_000 }).toEqual([`সপ্তাহের অফার ${run}`, `দুটো কিনলে ৳৫০ ছাড় ${run}`]);
    await shopper
      .getByRole('banner')
      .getByRole('button', { name: /^অফার, [০-৯]+$/ })
      .click();
    await shopper
      .getByRole('dialog', { name: `সপ্তাহের অফার ${run}` })
      .getByText(`দুটো কিনলে ৳৫০ ছাড় ${run}`, { exact: true })
      .waitFor();
    await shopper.screenshot({ path: 'test-results/offers-bell-bn-390.png' });
    const english = await (await browsingIn(browser, 'en', 'laptop')).newPage();
    await english.goto(webUrl);
    await english
      .getByRole('banner')
      .getByRole('button', { name: /^Offers, \d+$/ })
      .click();
    await english.getByRole('dialog', { name: first!.offerTitle, exact: true }).getByText(first!.offerDetails, { exact: true }).waitFor();
  } finally {
    // the first offer gets back the Bangla words it had, and none it had not
    for (const field of ['offerTitle_bn', 'offerDetails_bn'] as const)
      await catalog
        .collection('offers')
        .updateOne(
          { _id: new mongoose.Types.ObjectId(first!._id) },
          first![field] ? { $set: { [field]: first![field] } } : { $unset: { [field]: '' } },
        );
    await catalog.collection('offers').deleteMany({ offerTitle: `Eid offer ${run}` });
    await catalog.close();
    await browser.close();
  }
});

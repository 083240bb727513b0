// The cart page in Chromium for a fresh shopper: the sign-in guard on /cart, the empty cart (with
// the spec's 70 ৳ delivery even then), + and − on a line with the summary following, and Remove From
// Cart back to the empty state.
import { expect, test } from '@bazar/testing/browser-test';
import { formatTaka } from '@bazar/contracts';
import { createAccount, type Credentials } from '@bazar/testing';
import { pagePerFile, signIn, waitForPath, webUrl } from '@bazar/testing/pages';

const page = pagePerFile();
let shopper: Credentials;

test.beforeAll(async () => {
  shopper = await createAccount('cartpage');
});

const summary = () => page.getByRole('complementary', { name: 'Cart summary' });
const summaryFigure = (label: string) =>
  summary()
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test('a signed-out visitor is sent to log in and comes back to the cart, which is empty', async () => {
  await page.goto(`${webUrl}/cart`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, shopper);
  await waitForPath(page, '/cart');

  await page.getByRole('heading', { name: 'Your Cart is Emty !' }).waitFor();
  expect(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
  expect(await summaryFigure('Delivery Fee').innerText()).toBe(formatTaka(70));
  expect(await summaryFigure('Total').innerText()).toBe(formatTaka(70));
});

test('+ and − change a line and the summary; Remove From Cart empties it again', async () => {
  await page.goto(webUrl);
  const card = page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first();
  const name = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: 'Add' }).click();
  await page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'SuccessFully Added' })
    .waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
  await waitForPath(page, '/cart');
  // The home page's card has a stepper of the same name, enabled at one piece (− there takes the
  // product off): the cart's own is looked at once the cart page shows (its summary is there).
  await summary().waitFor();

  const quantity = page.getByRole('group', { name: `Quantity of ${name}` });
  await quantity.locator('output').getByText('1', { exact: true }).waitFor();
  await expect(quantity.getByRole('button', { name: 'One less' })).toBeDisabled();
  const price = Number((await (await fetch(`${webUrl}/api/products?search=${encodeURIComponent(name)}`)).json())[0].price);

  await quantity.getByRole('button', { name: 'One more' }).click();
  await quantity.locator('output').getByText('2', { exact: true }).waitFor();
  await summaryFigure('Subtotal')
    .getByText(formatTaka(2 * price), { exact: true })
    .waitFor();
  const vat = Math.round(2 * price * 100 * 0.05) / 100;
  expect(await summaryFigure('VAT').innerText()).toBe(formatTaka(vat));
  expect(await summaryFigure('Total').innerText()).toBe(formatTaka(2 * price + vat + 70));

  await quantity.getByRole('button', { name: 'One less' }).click();
  await quantity.locator('output').getByText('1', { exact: true }).waitFor();
  await summaryFigure('Subtotal').getByText(formatTaka(price), { exact: true }).waitFor();
  await page.screenshot({ path: 'test-results/cart.png', fullPage: true });

  await page.getByRole('button', { name: 'Remove From Cart' }).click();
  await page.getByRole('dialog', { name: 'Deleted Item' }).getByText('Successfully Removed').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Your Cart is Emty !' }).waitFor();
});

// The store on a phone-sized screen (390×844): the mobile menu opens and closes and leads to the
// store's sections; a signed-in shopper reaches the dashboard through it, and the dashboard's
// greeting, sidebar and pages fit the screen without sideways scrolling, as every storefront page does.
import { expect, test } from '@bazar/testing/browser-test';
import { catalogProducts, createAccount, widthPastTheScreen } from '@bazar/testing';
import { pagePerFile, signIn, waitForPath, webUrl } from '@bazar/testing/pages';

const page = pagePerFile({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the mobile menu opens, leads to a section and closes', async () => {
  await page.goto(webUrl);
  await page.getByRole('region', { name: 'Recently Sold Items' }).getByRole('article').first().waitFor();
  expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
  // the lower sections too, whose subscribe box once overflowed a phone
  await page.getByRole('button', { name: 'Subscribe' }).waitFor();
  expect(await widthPastTheScreen(page)).toBe(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Blogs' }).click();
  await waitForPath(page, '/blogs');
  await menu.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'This Week Blogs' }).waitFor();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await menu.waitFor({ state: 'detached' });
});

test('every storefront page fits the screen', async () => {
  const product = (await catalogProducts()).find((sold) => sold.category);
  const pages = [
    '/about',
    '/blogs',
    '/contact',
    '/offers',
    '/search?search=rice',
    `/category/${product!.category}`,
    `/product-details/${product!._id}`,
  ];
  const overflowing: string[] = [];
  for (const path of pages) {
    await page.goto(`${webUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if ((await widthPastTheScreen(page)) > 0) overflowing.push(path);
  }
  expect(overflowing).toEqual([]);
});

test('a shopper signs in from the menu and uses the dashboard on the phone', async () => {
  const shopper = await createAccount('phone');
  await page.goto(webUrl);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Login' }).click();
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, shopper);
  await waitForPath(page, '/');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await waitForPath(page, '/dashboard/my-profile');
  await page.getByRole('heading', { name: /^Welcome to your Dashboard, / }).waitFor();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'My Wallet' }).click();
  await waitForPath(page, '/dashboard/my-wallet');
  expect(await widthPastTheScreen(page)).toBe(0);
  await page.screenshot({ path: 'test-results/dashboard-phone.png', fullPage: true });
});

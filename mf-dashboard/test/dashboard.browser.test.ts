import { expect, test } from '@bazar/testing/browser-test';
import { createAccount, type Credentials } from '@bazar/testing';
import { accounts, pagePerTest, signIn, waitForPath, webUrl } from '@bazar/testing/pages';
import { nextDialogLifetime } from './dialogs';

const page = pagePerTest();
/** The shopper pages are tried with a fresh account; the seeded admin only opens admin pages. */
let shopper: Credentials;

test.beforeAll(async () => {
  shopper = await createAccount('dashboard');
});

async function openDashboardAs(account: { email: string; password: string }, path = '/dashboard') {
  await page.goto(`${webUrl}${path}`);
  await page.waitForURL(/\/auth\/realms\/bazar\//);
  await signIn(page, account);
  await waitForPath(page, path === '/dashboard' ? '/dashboard/my-profile' : path);
  await page.getByRole('heading', { name: /^Welcome to your Dashboard, / }).waitFor();
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** A SweetAlert2 dialog by its title. While one is open the rest of the page is hidden from role queries. */
const dialog = (title: string) => page.getByRole('dialog', { name: title, exact: true });

test('a shopper gets the dashboard layout, its nested pages, and no admin links', async () => {
  const sidebar = await openDashboardAs(shopper);
  await page.getByRole('region', { name: 'My Profile' }).getByText(shopper.email).waitFor();

  await sidebar.getByRole('link', { name: 'My Wallet' }).click();
  await waitForPath(page, '/dashboard/my-wallet');
  await page.getByText('Current Balance').waitFor();
  expect(await sidebar.getByRole('link', { name: 'My Wallet' }).getAttribute('aria-current')).toBe('page');

  await sidebar.getByRole('link', { name: 'My Orders' }).click();
  await page.getByRole('heading', { name: 'My Orders' }).waitFor();
  expect(await sidebar.getByRole('link').allInnerTexts()).toEqual(['My Profile', 'My Orders', 'My Wallet', 'My Review']);

  await page.getByRole('link', { name: 'Back Home Page' }).click();
  await waitForPath(page, '/');
});

test('an admin also gets All Users, Add Product and Add Offer', async () => {
  const sidebar = await openDashboardAs(accounts.admin);
  await sidebar.getByRole('link', { name: 'All Users' }).click();
  await waitForPath(page, '/dashboard/all-users');
  const users = page.getByRole('region', { name: 'All Users' });
  // the admin's own record exists: signing in synced it (a fresh stack knows nobody else yet)
  await users.getByRole('cell', { name: accounts.admin.email, exact: true }).waitFor();

  // each page's code loads on the click: wait for its button rather than look at once
  await sidebar.getByRole('link', { name: 'Add Product' }).click();
  await page.getByRole('button', { name: 'Publist Product' }).waitFor();
  await sidebar.getByRole('link', { name: 'Add Offer' }).click();
  await page.getByRole('button', { name: 'Add Offer' }).waitFor();
});

// A real 1×1 PNG: the media service checks the bytes, not the file name.
const pixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a shopper edits their profile: picture uploaded, details saved, form closed', async () => {
  await openDashboardAs(shopper);
  const profile = page.getByRole('region', { name: 'My Profile' });
  const phone = `017${String(Date.now()).slice(-8)}`;
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('Phone').fill(phone);
  await profile.getByLabel('Address').fill('House 5, Road 2, Mirpur, Dhaka');
  await profile.getByLabel('Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pixelPng });
  await profile.getByRole('button', { name: 'Update' }).click();

  await page.getByRole('dialog', { name: 'Profile Update Succesfull!' }).waitFor();
  await page.getByRole('dialog', { name: 'Profile Update Succesfull!' }).waitFor({ state: 'hidden' });
  expect(await profile.getByRole('button', { name: 'Update' }).count()).toBe(0);
  await profile.getByText(phone).waitFor();
});

test('a shopper who types the URL of an admin page is refused once the admin check answers', async () => {
  await openDashboardAs(shopper, '/dashboard/add-offer');
  await page.getByText('This dashboard page is not available to your account.').waitFor();
  expect(await page.getByRole('button', { name: 'Add Offer' }).count()).toBe(0);
});

// An address no page has is the store's not-found page, for an admin too: it used to say 'This
// dashboard page is not available to your account', as if the account were what was missing.
test('an address under /dashboard that no page has is the store’s not-found page', async () => {
  await openDashboardAs(accounts.admin);
  await page.goto(`${webUrl}/dashboard/allusers`);
  await page.getByRole('heading', { name: "OOOPPS! THIS PAGE CAN'T BE FOUND." }).waitFor();
  expect(await page.getByText('not available to your account').count()).toBe(0);
  await page.getByRole('link', { name: 'Go To Home' }).click();
  await waitForPath(page, '/');
});

test('an admin who opens Add Offer by its URL publishes an offer; the bell counts it without a reload', async () => {
  await openDashboardAs(accounts.admin, '/dashboard/add-offer');
  const form = page.getByRole('region', { name: 'Add Offer' });
  await form.getByRole('button', { name: 'Add Offer' }).waitFor();
  // the bell shows what the catalog holds before the new offer
  const offers = async () => ((await (await fetch(`${webUrl}/api/alloffers`)).json()) as unknown[]).length;
  const bell = 'header button[aria-label^="Offers"] span';
  const bellCount = () => page.evaluate((selector) => Number(document.querySelector(selector)?.textContent), bell);
  const before = await offers();
  await page.waitForFunction(([selector, n]) => Number(document.querySelector(selector)?.textContent) >= n, [bell, before] as const);
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await form.getByLabel('Offer Title').fill(`Test offer ${Date.now()}`);
  await form.getByLabel('Offer Details').fill('Two kilos of dal for the price of one, this week only');
  await form.getByRole('button', { name: 'Add Offer' }).click();
  await dialog('Offer Published!').getByText('A Good Deal For All').waitFor();
  // one store for shell and remotes: the offer tag refetches the bell's list
  await page.waitForFunction(([selector, n]) => Number(document.querySelector(selector)?.textContent) > n, [bell, before] as const);
  expect(await bellCount()).toBeGreaterThan(before);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await dialog('Offer Published!').getByRole('button', { name: 'OK' }).click();
  await dialog('Offer Published!').waitFor({ state: 'hidden' });
  // the form is empty again
  expect(await form.getByLabel('Offer Title').inputValue()).toBe('');
});

test('a shopper sends a review: "Thanks for your review" closes by itself after 2 s', async () => {
  const sidebar = await openDashboardAs(shopper);
  await sidebar.getByRole('link', { name: 'My Review' }).click();
  const form = page.getByRole('region', { name: 'My Review' });
  await form.getByLabel('First Name').fill('Rahima');
  await form.getByLabel('Last Name').fill('Akter');
  await form.getByLabel('Your Review').fill('Fresh vegetables, and the rider was on time.');
  const lifetime = nextDialogLifetime(page);
  await form.getByRole('button', { name: 'Add Revire' }).click();
  await dialog('Thanks for your review').waitFor();
  expect(await lifetime).toBeGreaterThanOrEqual(2_000);
  expect(await lifetime).toBeLessThan(3_500);
  expect(await form.getByLabel('First Name').inputValue()).toBe('');
});

test('a product the catalog refuses: "Oops..." with a help link, the reason under its field, the typed values kept', async () => {
  const sidebar = await openDashboardAs(accounts.admin);
  await sidebar.getByRole('link', { name: 'Add Product' }).click();
  const form = page.getByRole('region', { name: 'Add Product' });
  await form.getByLabel('Product Name').fill('Test Deshi Peyaj 1 kg');
  await form.getByLabel('Price').fill('0');
  await form.getByLabel('Quantity').fill('12');
  await form.getByLabel('Description', { exact: true }).fill('Local red onions');
  await form.getByLabel('Image Upload').setInputFiles({ name: 'onion.png', mimeType: 'image/png', buffer: pixelPng });
  await form.getByRole('button', { name: 'Publist Product' }).click();

  const oops = dialog('Oops...');
  await oops.getByText('Something went wrong!').waitFor();
  expect(await oops.getByRole('link', { name: 'Need help? Contact us' }).getAttribute('href')).toBe('/contact');
  await page.waitForTimeout(400); // the opening animation, for the picture
  await page.screenshot({ path: 'test-results/add-product-oops.png' });
  await oops.getByRole('button', { name: 'OK' }).click();
  await oops.waitFor({ state: 'hidden' });
  // under Price, and read out with it (dashboard-forms.browser.test.ts has more of these)
  const price = form.getByLabel('Price');
  const message = page.locator(`[id="${await price.getAttribute('aria-describedby')}"]`);
  expect(await message.textContent()).toBe('price must be more than 0');
  expect(await price.getAttribute('aria-invalid')).toBe('true');
  expect(await form.getByLabel('Product Name').inputValue()).toBe('Test Deshi Peyaj 1 kg');
});

// On a phone the sidebar is a row above the page: every link shows whole, in either language, and
// the current page's among them; the wallet's field beside its button shows its Bangla placeholder whole (a row scrolling sideways cut 'My Review', and in Bangla the
// current 'আমার ওয়ালেট' itself, at the screen's edge with nothing to say more was there).
test("on a 390 px phone every dashboard link shows whole, in English and in Bangla, and so does the wallet field's placeholder", async () => {
  await openDashboardAs(shopper, '/dashboard/my-wallet');
  await page.setViewportSize({ width: 390, height: 844 });
  // by its links: its name changes with the language
  const sidebar = page.locator('nav:has(a[href="/dashboard/my-wallet"])');
  const linksOutside = () =>
    sidebar.getByRole('link').evaluateAll((links) =>
      links
        .filter((link) => {
          const box = link.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        })
        .map((link) => link.textContent),
    );
  expect(await sidebar.getByRole('link').count()).toBe(4);
  expect(await linksOutside()).toEqual([]);

  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).locator('visible=true').selectOption('bn');
  await sidebar.getByRole('link', { name: 'আমার ওয়ালেট' }).waitFor();
  expect(await linksOutside()).toEqual([]);
  // the wallet's amount field is wide enough for its placeholder ('টাকার পরিমাণ' was cut to 'টাকার পরিম')
  const amount = page.getByPlaceholder('টাকার পরিমাণ');
  const placeholderRoom = await amount.evaluate((field: HTMLInputElement) => {
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return room - context.measureText(field.placeholder).width;
  });
  expect(placeholderRoom).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: 'test-results/dashboard-links-bn-390.png', fullPage: true });
});

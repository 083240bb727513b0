// The footer (spec.md section 2, Footer): its texts and links on the store's pages, and none on
// /login and /singup, which hand over to Keycloak's own pages.
import { expect, test } from '@bazar/testing/browser-test';
import { pagePerTest, waitForPath, webUrl } from '@bazar/testing/pages';

const page = pagePerTest();

const footer = () => page.getByRole('contentinfo');

test('the footer shows the address, helpline, hours, links, policies, social icons and Copyright 2022', async () => {
  await page.goto(`${webUrl}/about`);
  await footer()
    .getByText(/^Copyright 2022\b/)
    .waitFor();
  const contact = footer().getByRole('region', { name: 'Contact' });
  expect(await contact.getByText('Dhaka 1205, Bangladesh', { exact: false }).isVisible()).toBe(true);
  expect(await contact.getByText('Helpline:', { exact: false }).isVisible()).toBe(true);
  expect(await contact.getByRole('link', { name: '+880 9612-000000' }).getAttribute('href')).toBe('tel:+8809612000000');
  expect(await contact.getByText('Sat - Thu, 10:00 AM to 7:00 PM', { exact: true }).isVisible()).toBe(true);
  expect(await footer().getByRole('region', { name: 'Our Policies' }).getByRole('listitem').allInnerTexts()).toEqual([
    'Privacy Policy',
    'Terms & Conditions',
    'Return Policy',
    'Delivery Information',
  ]);
  for (const network of ['Facebook', 'YouTube', 'Instagram'])
    expect(await footer().getByRole('link', { name: network, exact: true }).isVisible()).toBe(true);

  await footer().getByRole('link', { name: 'Blogs', exact: true }).click();
  await waitForPath(page, '/blogs');
  await footer().getByRole('link', { name: 'About us', exact: true }).click();
  await waitForPath(page, '/about');
});

/** Cancels the page's own navigation to Keycloak's login or registration page, the way a stopped
 *  navigation is (no error page), so that the store's page that hands over stays in view; answers
 *  once the hand-over has started. */
function stopKeycloakHandover(): Promise<void> {
  return new Promise((handedOver) => {
    void page.route(
      (url) => /\/protocol\/openid-connect\/(auth|registrations)$/.test(url.pathname),
      async (route) => {
        const request = route.request();
        // keycloak-js's silent session check runs in an iframe: let it through
        if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return route.continue();
        await route.abort('aborted');
        handedOver();
      },
    );
  });
}

for (const [path, handover] of [
  ['/login', 'Opening sign-in'],
  ['/singup', 'Opening sign-up'],
] as const) {
  test(`${path} shows no footer while it hands over to Keycloak`, async () => {
    const handedOver = stopKeycloakHandover();
    // not until 'load': a hand-over that starts before the page's load event stops its loading, and
    // the event never comes (page.goto waited out the test's minute in CI runs 3 and 7)
    await page.goto(`${webUrl}${path}`, { waitUntil: 'commit' });
    await handedOver;
    expect(page.url()).toBe(`${webUrl}${path}`);
    expect(await page.getByText(handover, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Bazar home' }).isVisible()).toBe(true);
    expect(await footer().count()).toBe(0);
  });
}

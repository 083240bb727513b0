// Email verification (issue 18): a new account may browse and fill its cart, but its orders are
// refused until it follows the link of the verification mail, which Keycloak sends in the store's
// look when the account first syncs (at sign-in). The test reads the mail from the local sink and
// follows its link at the store's public address, as the shopper's browser would.
import { randomUUID } from 'node:crypto';
import { createAccount, gatewayCall, keycloakAccount, keycloakAdmin, mailbox, signIn, stackEnv } from '@bazar/testing';
import { TestShelf } from '@bazar/testing/shop';

const shelf = new TestShelf();
afterAll(() => shelf.clear());

const placeOrder = (token: string, email: string) =>
  gatewayCall(
    'POST',
    '/orderplace',
    token,
    { name: 'New Shopper', email, phone: '', addinfo: '', total: 0, mycart: [] },
    { 'idempotency-key': randomUUID() },
  );

/** Follows a link of Keycloak's at the public address with the cookies it sets, as a browser does;
 *  answers the page it ends on. */
async function follow(link: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = link;
  for (let hop = 0; hop < 10; hop++) {
    const answer = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = answer.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const page = await answer.text();
    // without a sign-in session in this browser, Keycloak asks to confirm before it verifies
    const proceed = /href="([^"]*)"[^>]*>[^<]*Click here to proceed/.exec(page)?.[1];
    if (!proceed) return page;
    url = new URL(proceed.replaceAll('&amp;', '&'), url).href;
  }
  throw new Error(`Keycloak's link ${link} did not end on a page`);
}

it('refuses an unverified account’s order, mails a link in the store’s look, and takes the order once it is followed', async () => {
  const productId = await shelf.stock('Verified Chinigura Rice', 180, 20);
  const { email, password } = await createAccount('unverified', undefined, { emailVerified: false });
  let token = await signIn(email, password);

  // the storefront syncs the account at sign-in: that sends the mail
  expect((await gatewayCall('PUT', `/users/${email}`, token, {})).status).toBeLessThan(300);
  expect((await gatewayCall('GET', `/product-details/${productId}`)).status).toBe(200);
  expect((await gatewayCall('POST', '/addtocart', token, { productId, cartQuantity: 2 })).status).toBe(201);
  expect(await placeOrder(token, email)).toMatchObject({
    status: 403,
    body: { error: `Verify your email address before you order: open the link we sent to ${email}`, code: 'email-not-verified', email },
  });
  expect(await shelf.stockOf(productId)).toBe(20);

  const mail = await mailbox.waitFor(email, { subject: /^Verify your email address for Bazar$/ });
  expect(mail.html).toContain('border-top:5px solid #15803d'); // the store's look, not Keycloak's bare one
  expect(mail.text).toContain('Verify your email address to place orders');
  const link = mail.links.find((candidate) => candidate.includes('/login-actions/action-token'));
  expect(link?.startsWith(`${stackEnv.webUrl}/auth/realms/bazar/`)).toBe(true);

  const page = await follow(link!);
  expect(page).toContain('Your account has been updated.');
  expect(page).toContain(`href="${stackEnv.webUrl}/"`); // back to the store
  const { id } = (await keycloakAccount(email))!;
  expect(((await (await keycloakAdmin('GET', `/users/${id}`)).json()) as { emailVerified: boolean }).emailVerified).toBe(true);

  // a token issued from now on says so
  token = await signIn(email, password);
  const placed = await placeOrder(token, email);
  expect(placed.status).toBe(201);
  expect(await shelf.stockOf(productId)).toBe(18);

  // a second sign-in sends no second mail within the wait (the order's confirmation is another mail)
  expect((await gatewayCall('PUT', `/users/${email}`, token, {})).status).toBeLessThan(300);
  expect((await mailbox.list(email)).filter((sent) => sent.subject === 'Verify your email address for Bazar')).toHaveLength(1);
});

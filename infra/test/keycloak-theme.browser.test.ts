/**
 * The Bazar login theme in Debian's Chromium against the real Keycloak, through nginx as a shopper's
 * browser reaches it: the store's login and signup pages, their exact validation messages (from the
 * theme script, and from Keycloak itself when the script is out of the way), signing in the seeded
 * shopper, registering a new shopper whose full name comes back as the `name` claim, and the Google icon.
 */
import { expect, test } from '@bazar/testing/browser-test';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCOUNTS, launchChromium, serviceAccountToken, stackEnv } from '@bazar/testing';

test.describe.configure({ timeout: 120_000 });

const REDIRECT_URI = `${stackEnv.webUrl}/`;
const SCREENSHOTS = 'test-results';

const MESSAGES = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is Required',
  confirmRequired: 'PLease give a confirm password',
  passwordsDiffer: "passwords did't match",
};

/** The seeded shopper of the realm import, with the full name it is seeded with. */
const SHOPPER = { ...ACCOUNTS.shopper, name: 'Rahima Begum' };

interface Pkce {
  verifier: string;
  challenge: string;
}
const pkce = (): Pkce => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The storefront client's authorization URL, as keycloak-js builds it (code flow, PKCE S256). */
const authUrl = ({ challenge }: Pkce) =>
  `${stackEnv.webUrl}/auth/realms/bazar/protocol/openid-connect/auth?${new URLSearchParams({
    client_id: 'storefront',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })}`;

async function exchange(code: string, { verifier }: Pkce): Promise<Record<string, unknown>> {
  const response = await fetch(`${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'storefront',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  expect(response.status).toBe(200);
  const { access_token, id_token } = (await response.json()) as { access_token: string; id_token: string };
  const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { ...claims(access_token), idToken: claims(id_token) };
}

async function admin(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stackEnv.keycloakUrl}/admin/realms/bazar${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await serviceAccountToken()}`, ...init.headers },
  });
}

/**
 * Watches for the URL Keycloak sends the browser back to once it carries a code. The store's own page
 * is kept from running (its scripts are not loaded), so nothing but the test uses the code. Playwright
 * cannot route a redirect, so the request is observed rather than answered.
 */
async function watchRedirect(page: Page): Promise<{ url: Promise<URL> }> {
  await page.route(
    (url) => url.origin === stackEnv.webUrl && !url.pathname.startsWith('/auth/') && url.pathname !== '/',
    (route) => route.abort(),
  );
  const url = page
    .waitForRequest((request) => {
      const candidate = new URL(request.url());
      return candidate.href.startsWith(REDIRECT_URI) && candidate.searchParams.has('code');
    })
    .then((request) => new URL(request.url()));
  url.catch(() => undefined);
  return { url };
}

/** The text of the message slot under a field (theme script or server). */
const fieldError = (page: Page, id: string) => page.locator(`[data-bz-error-for="${id}"]`);

async function expectFieldError(page: Page, id: string, text: string): Promise<void> {
  await expect(fieldError(page, id).innerText()).resolves.toBe(text);
  expect(await page.locator(`[id="${id}"]`).getAttribute('aria-invalid')).toBe('true');
}

async function expectNoFieldError(page: Page, id: string): Promise<void> {
  expect(await fieldError(page, id).textContent()).toBe('');
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let posts: string[];

test.beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
});
test.afterAll(() => browser?.close());

async function openPage(options: { javaScriptEnabled?: boolean; phone?: boolean } = {}): Promise<Page> {
  context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.phone ? { width: 375, height: 740 } : { width: 1280, height: 900 },
    ...(options.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  page = await context.newPage();
  posts = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  return page;
}
test.afterEach(() => context?.close());

async function openLogin(flow = pkce()): Promise<void> {
  await page.goto(authUrl(flow));
  await page.locator('#kc-form-login').waitFor();
}

async function openSignup(flow = pkce()): Promise<void> {
  await openLogin(flow);
  await page.getByRole('link', { name: 'Register' }).click();
  await page.locator('#kc-register-form').waitFor();
  // the form's checks are wired by a deferred script, which has run once the document has loaded:
  // a click before that sent the empty form to Keycloak, which says nothing of the confirmation
  await page.waitForLoadState('domcontentloaded');
}

test.describe('the login page', () => {
  test('looks like the store and has the spec fields, links and social icons (the second is Google)', async () => {
    await openPage();
    await openLogin();
    expect(await page.title()).toContain('Bazar');
    expect(await page.locator('.bz-logo').innerText()).toBe('Bazar');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Login');
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(false);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toContain(
      '/auth/realms/bazar/login-actions/reset-credentials',
    );
    expect(await page.getByRole('link', { name: 'Register' }).getAttribute('href')).toContain(
      '/auth/realms/bazar/login-actions/registration',
    );
    // The card is white on the store's green-tinted page, the button is the store's green.
    expect(await page.locator('.bz-card').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await page.locator('#kc-login').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 128, 61)');

    const icons = page.locator('#kc-social-providers > li > *');
    expect(await icons.count()).toBe(3);
    const second = icons.nth(1);
    expect(await second.getAttribute('id')).toBe('social-google');
    expect(await second.getAttribute('aria-label')).toBe('Google');
    expect(await second.locator('svg path[fill="#4285F4"]').count()).toBe(1);

    // The realm declares Keycloak's `google` identity provider, enabled only when the runner passes
    // GOOGLE_IDP_ENABLED=true with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (import placeholders).
    const realm = JSON.parse(await readFile('infra/keycloak/realms/bazar-realm.json', 'utf8')) as {
      identityProviders: Array<{ alias: string; providerId: string; enabled: unknown; config: Record<string, string> }>;
    };
    expect(realm.identityProviders).toEqual([
      expect.objectContaining({
        alias: 'google',
        providerId: 'google',
        enabled: '${GOOGLE_IDP_ENABLED:false}',
        config: expect.objectContaining({ clientId: '${GOOGLE_CLIENT_ID:not-configured}' }),
      }),
    ]);
    // Wired to the broker when the provider is enabled, shown but inert otherwise.
    if ((await second.evaluate((el) => el.tagName)) === 'A') {
      expect(await second.getAttribute('href')).toContain('/auth/realms/bazar/broker/google/login');
    } else {
      expect(await second.getAttribute('aria-disabled')).toBe('true');
      await second.click({ force: true });
      expect(page.url()).toContain('/protocol/openid-connect/auth');
    }

    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-login.png`, fullPage: true });
  });

  // without an icon of its own the browser asked the store's origin for /favicon.ico: a 404, and an
  // error in the console, on every sign-in
  test('asks for nothing the store does not serve, and logs no error', async () => {
    await openPage();
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    await openLogin();
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
  });

  test('fits a phone screen', async () => {
    await openPage({ phone: true });
    await openLogin();
    const card = await page.locator('.bz-card').boundingBox();
    expect(card!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-login-phone.png`, fullPage: true });
  });

  test('checks email and password before submitting, on submit and on blur, with the spec texts', async () => {
    await openPage();
    await openLogin();
    await page.locator('#kc-login').click();
    await expectFieldError(page, 'username', MESSAGES.emailRequired);
    await expectFieldError(page, 'password', MESSAGES.passwordRequired);

    await page.locator('#username').fill('shopper@bazar..com');
    await page.locator('#password').focus(); // blur of the email field
    await expectFieldError(page, 'username', MESSAGES.emailInvalid);

    await page.locator('#password').fill('12345');
    await page.locator('#username').focus(); // blur of the password field
    await expectFieldError(page, 'password', MESSAGES.passwordShort);

    await page.locator('#username').fill('shopper@bazar.com');
    await page.locator('#password').fill('123456');
    await page.locator('#password').blur();
    await expectNoFieldError(page, 'username');
    await expectNoFieldError(page, 'password');
    expect(posts).toEqual([]); // nothing reached Keycloak
  });

  test("words Keycloak's own answers the same when the script is out of the way, and shows sign-in errors in red above the button", async () => {
    await openPage({ javaScriptEnabled: false });
    await openLogin();
    await page.locator('#kc-login').click();
    await page.locator('#kc-form-login').waitFor();
    expect(posts).toHaveLength(1);
    await expectFieldError(page, 'username', MESSAGES.emailRequired);

    await page.locator('#username').fill('not an email');
    await page.locator('#password').fill('whatever1');
    await page.locator('#kc-login').click();
    await page.locator('#kc-form-login').waitFor();
    await expectFieldError(page, 'username', MESSAGES.emailInvalid);
    expect(await page.locator('#username').inputValue()).toBe('not an email');

    // An address nobody has: the same answer as a wrong password, without counting a failure against a
    // real account (the realm's brute-force protection).
    await page.locator('#username').fill(`nobody${Date.now()}@bazar.com`);
    await page.locator('#password').fill('wrong-password');
    await page.locator('#kc-login').click();
    const alert = page.locator('#kc-form-login #bz-alert');
    await alert.waitFor();
    await page.waitForLoadState('load'); // the theme's stylesheet, before reading the colour it gives
    expect(await alert.innerText()).toBe('Invalid email or password.');
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(220, 38, 38)');
    // Above the submit button
    const alertBox = await alert.boundingBox();
    const buttonBox = await page.locator('#kc-login').boundingBox();
    expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(buttonBox!.y);
    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-login-error.png`, fullPage: true });
  });

  test('signs the seeded shopper in, remembered, and sends them back to the store with a code whose token names them', async () => {
    await openPage();
    const flow = pkce();
    await openLogin(flow);
    const redirected = await watchRedirect(page);
    await page.locator('#username').fill(SHOPPER.email);
    await page.locator('#password').fill(SHOPPER.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.locator('#kc-login').click();
    const url = await redirected.url;
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    const code = url.searchParams.get('code');
    expect(code).toBeTruthy();

    const cookies = await context.cookies(`${stackEnv.webUrl}/auth/realms/bazar/`);
    expect(cookies.map((c) => c.name)).toContain('KEYCLOAK_REMEMBER_ME');

    const claims = await exchange(code!, flow);
    expect(claims.email).toBe(SHOPPER.email);
    expect(claims.name).toBe(SHOPPER.name);
    expect(claims.given_name).toBeUndefined();
  });
});

test.describe('the signup page', () => {
  test('has full name, email, password, confirm password, a Singup button and a link to login', async () => {
    await openPage();
    await openSignup();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign Up');
    const labels = await page.locator('#kc-register-form label').allInnerTexts();
    expect(labels).toEqual(['Full Name', 'Email', 'Password', 'Confirm Password']);
    expect(await page.locator('#kc-register').innerText()).toBe('Singup');
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toContain('/auth/realms/bazar/');
    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-signup.png`, fullPage: true });
  });

  test('checks every field before submitting, with the spec texts', async () => {
    await openPage();
    await openSignup();
    await page.locator('#kc-register').click();
    await expectFieldError(page, 'fullName', MESSAGES.nameRequired);
    await expectFieldError(page, 'email', MESSAGES.emailRequired);
    await expectFieldError(page, 'password', MESSAGES.passwordRequired);
    await expectFieldError(page, 'password-confirm', MESSAGES.confirmRequired);
    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-signup-errors.png`, fullPage: true });

    await page.locator('#fullName').fill('Karim Uddin');
    await page.locator('#email').fill('karim uddin@mail.com'); // a space is outside the WHATWG rule
    await page.locator('#password').fill('abc');
    await page.locator('#password-confirm').fill('abc');
    await page.locator('#fullName').focus();
    await expectNoFieldError(page, 'fullName');
    await expectFieldError(page, 'email', MESSAGES.emailInvalid);
    await expectFieldError(page, 'password', MESSAGES.passwordShort);
    await expectFieldError(page, 'password-confirm', MESSAGES.passwordShort);

    await page.locator('#email').fill('karim@mail..com'); // an empty label
    await page.locator('#email').blur();
    await expectFieldError(page, 'email', MESSAGES.emailInvalid);

    // Real addresses the spec's pattern refused (a dot, a plus, .com.bd, .info) pass.
    for (const address of ['karim.uddin@mail.com', 'karim+bazar@mail.com.bd', 'karim@mail.info']) {
      await page.locator('#email').fill(address);
      await page.locator('#email').blur();
      await expectNoFieldError(page, 'email');
    }
    await page.locator('#email').fill('karim@mail.com');
    await page.locator('#password').fill('secret1');
    await page.locator('#password-confirm').fill('secret2');
    await page.locator('#kc-register').click();
    await expectNoFieldError(page, 'email');
    await expectNoFieldError(page, 'password');
    await expectFieldError(page, 'password-confirm', MESSAGES.passwordsDiffer);
    expect(posts).toEqual([]);
  });

  test("answers with Keycloak's own checks in the same words when the script is out of the way", async () => {
    await openPage({ javaScriptEnabled: false });
    await openSignup();
    await page.locator('#kc-register').click();
    await page.locator('#kc-register-form').waitFor();
    expect(posts).toHaveLength(1);
    await expectFieldError(page, 'fullName', MESSAGES.nameRequired);
    await expectFieldError(page, 'email', MESSAGES.emailRequired);
    await expectFieldError(page, 'password', MESSAGES.passwordRequired);

    await page.locator('#fullName').fill('Karim Uddin');
    await page.locator('#email').fill('karim@mail..com');
    await page.locator('#password').fill('abc');
    await page.locator('#password-confirm').fill('abc');
    await page.locator('#kc-register').click();
    await page.locator('#kc-register-form').waitFor();
    await expectFieldError(page, 'email', MESSAGES.emailInvalid);
    await expectFieldError(page, 'password', MESSAGES.passwordShort);
    expect(await page.locator('#fullName').inputValue()).toBe('Karim Uddin');

    // Keycloak itself calls an empty confirmation a mismatch; the store's provider asks for it.
    await page.locator('#email').fill('karim@mail.com');
    await page.locator('#password').fill('secret1');
    await page.locator('#kc-register').click();
    await page.locator('#kc-register-form').waitFor();
    await expectFieldError(page, 'password-confirm', MESSAGES.confirmRequired);
    await expectNoFieldError(page, 'password');
    await expectNoFieldError(page, 'email');

    await page.locator('#password').fill('abc');
    await page.locator('#kc-register').click();
    await page.locator('#kc-register-form').waitFor();
    await expectFieldError(page, 'password-confirm', MESSAGES.confirmRequired);
    await expectFieldError(page, 'password', MESSAGES.passwordShort);

    await page.locator('#password').fill('secret1');
    await page.locator('#password-confirm').fill('secret2');
    await page.locator('#kc-register').click();
    await page.locator('#kc-register-form').waitFor();
    await expectFieldError(page, 'password-confirm', MESSAGES.passwordsDiffer);
    await expectNoFieldError(page, 'email');
    // Nothing was created along the way.
    const found = (await (await admin('/users?email=karim@mail.com&exact=true')).json()) as unknown[];
    expect(found).toEqual([]);
  });

  test('registers a new shopper whose full name is the display name carried by the token', async () => {
    const suffix = randomBytes(6)
      .toString('hex')
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const email = `shopper${Date.now()}@bazar.com`;
    const fullName = `Nusrat Jahan ${suffix[0]!.toUpperCase()}${suffix.slice(1)}`;
    await openPage();
    const flow = pkce();
    await openSignup(flow);
    const redirected = await watchRedirect(page);
    await page.locator('#fullName').fill(fullName);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('fresh-basket');
    await page.locator('#password-confirm').fill('fresh-basket');
    await page.locator('#kc-register').click();
    const url = await redirected.url;
    const code = url.searchParams.get('code');
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    expect(code).toBeTruthy();

    try {
      const claims = await exchange(code!, flow);
      expect(claims.name).toBe(fullName);
      expect(claims.email).toBe(email);
      expect((claims.idToken as Record<string, unknown>).name).toBe(fullName);
    } finally {
      const [user] = (await (await admin(`/users?email=${encodeURIComponent(email)}&exact=true`)).json()) as Array<{
        id: string;
        attributes?: Record<string, string[]>;
      }>;
      expect(user?.attributes?.fullName).toEqual([fullName]);
      if (user) expect((await admin(`/users/${user.id}`, { method: 'DELETE' })).status).toBe(204);
    }
  });

  test('fits a phone screen', async () => {
    await openPage({ phone: true });
    await openSignup();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-signup-phone.png`, fullPage: true });
  });
});

test.describe('the forgot-password page', () => {
  test('is styled like the store and checks the email', async () => {
    await openPage();
    await openLogin();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.locator('#kc-reset-password-form').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Forgot password?');
    await page.locator('#kc-reset-submit').click();
    await expectFieldError(page, 'username', MESSAGES.emailRequired);
    expect(await page.getByRole('link', { name: 'Back to Login' }).count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}/keycloak-forgot-password.png`, fullPage: true });
  });
});

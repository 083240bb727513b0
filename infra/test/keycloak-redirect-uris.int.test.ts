// Issue 53: the storefront client's redirect URIs were a pattern (`http://localhost:8080/*`) that also
// accepted `http://localhost:8080//evil.example/`, an address a browser, or a page reading its own
// path, may take for another site, with the sign-in's code in it. The realm now lists exact
// addresses, the only ones the shell sends (shell/src/auth): /login for every sign-in and sign-up
// (which goes on to the page the visitor wanted), the home page after signing out, and the silent
// check's page.
import { stackEnv } from '@bazar/testing';

const STORE = 'http://localhost:8080';
const oidc = () => `${stackEnv.keycloakUrl}/realms/bazar/protocol/openid-connect`;

/** Keycloak's sign-in (`auth`) or sign-up (`registrations`) page for the storefront client, asked
 *  to send the visitor back to `redirectUri`. */
const authorize = (redirectUri: string, page: 'auth' | 'registrations' = 'auth', extra: Record<string, string> = {}) =>
  fetch(
    `${oidc()}/${page}?${new URLSearchParams({
      client_id: 'storefront',
      response_type: 'code',
      response_mode: 'fragment',
      scope: 'openid',
      redirect_uri: redirectUri,
      state: 'test-state',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...extra,
    })}`,
    { redirect: 'manual' },
  );

const refused = async (answer: Response) => answer.status === 400 && (await answer.text()).includes('Invalid parameter: redirect_uri');

it.each([
  `${STORE}//evil.example/`,
  `${STORE}//evil.example/login`,
  `${STORE}/login/..//evil.example/`,
  `${STORE}/checkout`,
  `${STORE}/login?next=//evil.example/`,
  `${STORE}/login/`,
  `${STORE}/*`,
  `${STORE}`,
  'http://localhost:8081/login',
  'http://evil.example/login',
])('refuses to send a sign-in back to %s', async (redirectUri) => {
  expect({ redirectUri, refused: await refused(await authorize(redirectUri)) }).toEqual({ redirectUri, refused: true });
  expect({ redirectUri, refused: await refused(await authorize(redirectUri, 'registrations')) }).toEqual({ redirectUri, refused: true });
});

it.each([`${STORE}/login`, `${STORE}/`])('shows the sign-in and sign-up pages for %s, an address of the store', async (redirectUri) => {
  const login = await authorize(redirectUri);
  expect(login.status).toBe(200);
  expect(await login.text()).toContain('kc-form-login');
  const registration = await authorize(redirectUri, 'registrations');
  // Keycloak answers the registrations endpoint by sending the browser on to its form
  expect([200, 302]).toContain(registration.status);
  if (registration.status === 302) expect(registration.headers.get('location')).toMatch(/\/login-actions\/registration\?/);
});

it('answers the silent check at its own page', async () => {
  const check = await authorize(`${STORE}/silent-check-sso.html`, 'auth', { prompt: 'none' });
  expect(check.status).toBe(302);
  const back = new URL(check.headers.get('location') ?? 'about:blank');
  expect(`${back.origin}${back.pathname}`).toBe(`${STORE}/silent-check-sso.html`);
  expect(new URLSearchParams(back.hash.slice(1)).get('error')).toBe('login_required');
  expect(await refused(await authorize(`${STORE}//evil.example/silent-check-sso.html`, 'auth', { prompt: 'none' }))).toBe(true);
});

it('sends a signed-out visitor back to the home page only', async () => {
  const logout = (to: string) =>
    fetch(`${oidc()}/logout?${new URLSearchParams({ client_id: 'storefront', post_logout_redirect_uri: to })}`, { redirect: 'manual' });
  // no session to end here: Keycloak sends the visitor straight on
  const home = await logout(`${STORE}/`);
  expect({ status: home.status, location: home.headers.get('location') }).toEqual({ status: 302, location: `${STORE}/` });
  for (const to of [`${STORE}//evil.example/`, `${STORE}/checkout`, 'http://evil.example/']) {
    const answer = await logout(to);
    expect({ to, status: answer.status, text: (await answer.text()).includes('Invalid redirect uri') }).toEqual({
      to,
      status: 400,
      text: true,
    });
  }
});

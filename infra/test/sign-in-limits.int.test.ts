// Sign-in at the store's public address (nginx, infra/nginx/nginx.conf), issue 18: repeated sign-in,
// registration and token requests from one client address are refused with 429 in JSON before they
// reach Keycloak, while another address still signs in; wrong passwords for one account are counted
// per address by the gateway, so a guesser is refused and the owner is never locked out; and no
// answer tells whether an account exists. Each test sends from loopback addresses of its own (127.x.y.z), so what nginx counts for
// them is nobody else's, and the rest of the suite (from 127.0.0.1) is not slowed.
import { randomBytes, randomInt } from 'node:crypto';
import { createAccount, rawWebRequest, stackEnv, storefrontSignInPath, type RawWebAnswer } from '@bazar/testing';

const realm = '/auth/realms/bazar';
const oidc = `${realm}/protocol/openid-connect`;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A loopback address no other test uses. */
const newAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const cookiesOf = (answer: RawWebAnswer) => (answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
const formAction = (page: string, id: string) => {
  const action =
    new RegExp(`<form[^>]*id="${id}"[^>]*action="([^"]*)"`).exec(page)?.[1] ??
    new RegExp(`<form[^>]*action="([^"]*)"[^>]*id="${id}"`).exec(page)?.[1];
  if (!action) throw new Error(`no form ${id} on the page`);
  const url = new URL(action.replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}`;
};
/** The red error above the button of Keycloak's pages in the store's theme. */
const pageError = (page: string) => /kc-feedback-text">([^<]*)</.exec(page)?.[1]?.trim();

/** Keycloak's login (or registration) form as a browser at `from` sees it: posting to it answers
 *  the next form when Keycloak shows the page again (a wrong password, an invalid field). */
async function openForm(from: string, page: 'auth' | 'registrations', id: string, verifier = randomBytes(32).toString('base64url')) {
  const opened = await rawWebRequest(storefrontSignInPath(page, verifier), { from });
  expect(opened.status).toBe(200);
  const cookie = cookiesOf(opened);
  let action = formAction(opened.body, id);
  return {
    verifier,
    async post(fields: Record<string, string>): Promise<RawWebAnswer> {
      const answer = await rawWebRequest(action, {
        from,
        method: 'POST',
        headers: { ...form, cookie },
        body: new URLSearchParams(fields).toString(),
      });
      if (answer.status === 200) action = formAction(answer.body, id);
      return answer;
    },
  };
}

const signInForm = (from: string) => openForm(from, 'auth', 'kc-form-login');
const attempt = (email: string, password: string) => ({ username: email, password, credentialId: '' });

/** Posts until nginx refuses; returns the answers before the refusal and the refusal. */
async function postUntilRefused(post: () => Promise<RawWebAnswer>, most: number) {
  const passed: RawWebAnswer[] = [];
  for (let i = 0; i < most; i++) {
    const answer = await post();
    if (answer.status === 429) return { passed, refusal: answer };
    passed.push(answer);
  }
  throw new Error(`nginx let all ${most} requests through`);
}

/** Keycloak's login page again, saying what it says of every wrong password. */
function expectWrongPasswordPages(answers: RawWebAnswer[]) {
  for (const answer of answers)
    expect({ status: answer.status, error: pageError(answer.body) }).toEqual({ status: 200, error: 'Invalid email or password.' });
}

function expectGuessRefusal(answer: RawWebAnswer) {
  expect(answer.status).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({
    error: 'Too many wrong passwords for this account from your address; try again in 15 minutes',
  });
}

/** Signs `account` in at a fresh login form from `from`: 302 back to the store when let in. */
async function signInStatus(from: string, account: { email: string; password: string }) {
  const signedIn = await (await signInForm(from)).post(attempt(account.email, account.password));
  // a page instead of the redirect says why
  return signedIn.status === 302 ? 302 : { status: signedIn.status, error: pageError(signedIn.body) ?? signedIn.body.slice(0, 200) };
}

function expectJsonRefusal(answer: RawWebAnswer) {
  expect(answer.status).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: 'Too many sign-in attempts from your address; try again in a minute' });
}

describe('sign-in attempts are limited per client address', () => {
  it('refuses an address that keeps posting sign-ins, whatever the accounts, while the owner signs in from theirs', async () => {
    const owner = await createAccount('sprayed');
    const attacker = newAddress();
    const login = await signInForm(attacker);
    // a new account each time: the gateway's count per account never fills, nginx's per address does
    const { passed, refusal } = await postUntilRefused(() => login.post(attempt(`nobody${randomInt(1e9)}@example.com`, 'guess')), 60);
    expect(passed.length).toBeGreaterThan(5);
    expectWrongPasswordPages(passed);
    expectJsonRefusal(refusal);
    expectJsonRefusal(await login.post(attempt(owner.email, owner.password)));

    expect(await signInStatus(newAddress(), owner)).toBe(302);
  });

  it("refuses an address that keeps guessing one account, even with the right password; the owner and the address's other accounts still sign in", async () => {
    const owner = await createAccount('guessed');
    const neighbour = await createAccount('neighbour');
    const attacker = newAddress();
    const login = await signInForm(attacker);
    let guess = 0;
    const { passed, refusal } = await postUntilRefused(() => login.post(attempt(owner.email, `guess-${guess++}`)), 19);
    expect(passed.length).toBeGreaterThan(3);
    expectWrongPasswordPages(passed);
    expectGuessRefusal(refusal);
    expectGuessRefusal(await login.post(attempt(owner.email, owner.password)));

    expect(await signInStatus(newAddress(), owner)).toBe(302);
    expect(await signInStatus(attacker, neighbour)).toBe(302);
  });

  it('locks nobody out: wrong passwords from many addresses, more than Keycloak once locked an account for', async () => {
    const owner = await createAccount('besieged');
    for (let round = 0; round < 4; round++) {
      const login = await signInForm(newAddress());
      await postUntilRefused(() => login.post(attempt(owner.email, `guess-${round}`)), 19);
    }
    expect(await signInStatus(newAddress(), owner)).toBe(302);
  });

  it("opens the gateway's door for the login form only at the login form's address", async () => {
    for (const path of ['/api/sign-in/authenticate', '/api//SIGN-IN/authenticate'])
      expect(await rawWebRequest(path, { from: newAddress(), method: 'POST', headers: form, body: 'username=a&password=b' })).toMatchObject(
        {
          status: 404,
          body: '{"error":"No such endpoint"}',
        },
      );
  });

  it('refuses an address that keeps posting the registration form', async () => {
    const address = newAddress();
    const registration = await openForm(address, 'registrations', 'kc-register-form');
    // passwords that differ: Keycloak shows the form again and makes no account
    const { passed, refusal } = await postUntilRefused(
      () =>
        registration.post({
          fullName: 'Many Tries',
          email: `tries${randomInt(1e9)}@example.com`,
          password: 'secret123',
          'password-confirm': 'other123',
        }),
      60,
    );
    expect(passed.length).toBeGreaterThan(5);
    for (const answer of passed) expect(answer.status).toBe(200);
    expectJsonRefusal(refusal);
  });

  it("refuses an address that keeps asking for tokens; another address's token request still reaches Keycloak", async () => {
    const tokenRequest = (from: string) =>
      rawWebRequest(`${oidc}/token`, {
        from,
        method: 'POST',
        headers: form,
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'storefront',
          code: randomBytes(16).toString('hex'),
          redirect_uri: `${stackEnv.webUrl}/`,
        }).toString(),
      });
    const address = newAddress();
    const { passed, refusal } = await postUntilRefused(() => tokenRequest(address), 150);
    expect(passed.length).toBeGreaterThan(20);
    for (const answer of passed) expect(answer.status).toBe(400);
    expectJsonRefusal(refusal);
    expect((await tokenRequest(newAddress())).status).toBe(400);
  });

  it('counts only posts: the pages themselves still open at a refused address', async () => {
    const address = newAddress();
    const login = await signInForm(address);
    await postUntilRefused(() => login.post(attempt('nobody@example.com', 'guess')), 60);
    expect((await rawWebRequest(`${realm}/.well-known/openid-configuration`, { from: address })).status).toBe(200);
    await signInForm(address);
  });
});

describe('no answer tells whether an account exists', () => {
  /** The page with what differs from one visit to the next taken out: the session in the form action
   *  and its check, and the address typed in. */
  const comparable = (page: string, email: string) =>
    page
      .replaceAll(email, '<email>')
      .replace(/checkAuthSession\("[^"]*"\)/g, 'checkAuthSession()')
      .replace(/(session_code|execution|tab_id|client_data)=[\w-]+/g, '$1=…');

  it('the login page answers an unknown address and a wrong password alike, and so does the gateway when it refuses', async () => {
    const known = await createAccount('known');
    const unknown = `nobody${randomInt(1e9)}@example.com`;
    const wrongPassword = await (await signInForm(newAddress())).post(attempt(known.email, 'not-the-password'));
    const noAccount = await (await signInForm(newAddress())).post(attempt(unknown, 'not-the-password'));
    expect(wrongPassword.status).toBe(200);
    expect(pageError(wrongPassword.body)).toBe('Invalid email or password.');
    expect(comparable(noAccount.body, unknown)).toBe(comparable(wrongPassword.body, known.email));

    // the gateway counts guesses of an unknown account as it does a known one's, and refuses alike
    const refusals = await Promise.all(
      [known.email, unknown].map(async (email) => {
        const login = await signInForm(newAddress());
        return (await postUntilRefused(() => login.post(attempt(email, 'not-the-password')), 19)).refusal.body;
      }),
    );
    expect(refusals[1]).toBe(refusals[0]);
  });

  it("the token endpoint takes no password, and says so alike for an account that exists and one that doesn't", async () => {
    const known = await createAccount('token');
    const passwordGrant = (username: string, password: string) =>
      rawWebRequest(`${oidc}/token`, {
        from: newAddress(),
        method: 'POST',
        headers: form,
        body: new URLSearchParams({ grant_type: 'password', client_id: 'storefront', username, password, scope: 'openid' }).toString(),
      });
    const right = await passwordGrant(known.email, known.password);
    const wrong = await passwordGrant(known.email, 'not-the-password');
    const none = await passwordGrant(`nobody${randomInt(1e9)}@example.com`, 'not-the-password');
    expect(right.status).toBeGreaterThanOrEqual(400);
    for (const answer of [wrong, none])
      expect({ status: answer.status, body: answer.body }).toEqual({ status: right.status, body: right.body });
  });

  it('the forgot-password page answers alike for an account that exists and one that does not', async () => {
    const known = await createAccount('reset');
    const unknown = `nobody${randomInt(1e9)}@example.com`;
    const ask = async (email: string) => {
      const from = newAddress();
      const login = await rawWebRequest(
        `${oidc}/auth?${new URLSearchParams({ client_id: 'storefront', response_type: 'code', scope: 'openid', redirect_uri: `${stackEnv.webUrl}/`, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`,
        { from },
      );
      const cookie = cookiesOf(login);
      const resetLink = /href="([^"]*login-actions\/reset-credentials[^"]*)"/.exec(login.body)![1]!.replaceAll('&amp;', '&');
      const resetPage = await rawWebRequest(resetLink.replace(/^https?:\/\/[^/]+/, ''), { from, headers: { cookie } });
      const action = formAction(resetPage.body, 'kc-reset-password-form');
      return rawWebRequest(action, {
        from,
        method: 'POST',
        headers: { ...form, cookie },
        body: new URLSearchParams({ username: email }).toString(),
      });
    };
    const forKnown = await ask(known.email);
    const forUnknown = await ask(unknown);
    expect(forKnown.status).toBe(200);
    expect(pageError(forKnown.body)).toBe('If that email belongs to a Bazar account, a reset link is on its way.');
    expect(comparable(forUnknown.body, unknown)).toBe(comparable(forKnown.body, known.email));
  });
});

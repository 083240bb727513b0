// Sign-in at the store's public address (nginx, infra/nginx/bazar.conf.template), issue 18: repeated sign-in,
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

/** Another spelling of the form's address (`/auth/realms/bazar/login-actions/authenticate`). */
type Respell = (path: string) => string;

/** Keycloak's login (or registration) form as a browser at `from` sees it: posting to it answers
 *  the next form when Keycloak shows the page again (a wrong password, an invalid field). */
async function openForm(from: string, page: 'auth' | 'registrations', id: string, verifier = randomBytes(32).toString('base64url')) {
  const opened = await rawWebRequest(storefrontSignInPath(page, verifier), { from });
  expect(opened.status).toBe(200);
  const cookie = cookiesOf(opened);
  let action = formAction(opened.body, id);
  /** Posts a body as written (a field twice, another content type) to the form's address, or to
   *  another spelling of it. */
  async function postRaw(
    body: string,
    { headers = {}, respell = (path) => path }: { headers?: Record<string, string>; respell?: Respell } = {},
  ) {
    const [path, query] = action.split('?');
    const answer = await rawWebRequest(`${respell(path!)}?${query}`, {
      from,
      method: 'POST',
      headers: { ...form, cookie, ...headers },
      body,
    });
    if (answer.status === 200 && answer.body.includes(`id="${id}"`)) action = formAction(answer.body, id);
    return answer;
  }
  return {
    verifier,
    postRaw,
    post: (fields: Record<string, string>, respell?: Respell) => postRaw(new URLSearchParams(fields).toString(), { respell }),
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
    code: 'too-many-sign-in-attempts',
    minutes: 15,
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
  expect(JSON.parse(answer.body)).toEqual({
    error: 'Too many sign-in attempts from your address; try again in a minute',
    code: 'too-many-sign-in-attempts',
  });
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
          body: '{"error":"No such endpoint","code":"no-such-endpoint"}',
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

// Issue 53: the count per address and account was walked around by naming the username twice
// (counted against the second, signed in as the first), by other spellings of the form's address
// that Keycloak takes as the same action (never reaching the gateway), and by many addresses.
describe('no post walks around the count of wrong passwords', () => {
  const realmPath = '/auth/realms/bazar';
  /** `path`, the login form's address, with `login-actions/authenticate` written another way. */
  const spelled = (written: string) => (path: string) => {
    expect(path).toBe(`${realmPath}/login-actions/authenticate`);
    return written;
  };
  const notFound = { status: 404, body: 'Not found\n' };
  const answerOf = (answer: RawWebAnswer) => ({ status: answer.status, body: answer.body.slice(0, 200) });
  const guessRefusal = {
    status: 429,
    body: JSON.stringify({
      error: 'Too many wrong passwords for this account from your address; try again in 15 minutes',
      code: 'too-many-sign-in-attempts',
      minutes: 15,
    }),
  };

  /** An address that has spent its wrong passwords for `email` (the count per address and account). */
  async function spentAddress(email: string) {
    const address = newAddress();
    const login = await signInForm(address);
    let guess = 0;
    expectGuessRefusal((await postUntilRefused(() => login.post(attempt(email, `guess-${guess++}`)), 19)).refusal);
    return address;
  }

  it('refuses a form naming the username or the password twice, and counts a name Keycloak trims alike', async () => {
    const owner = await createAccount('twice');
    const other = await createAccount('other');
    const address = await spentAddress(owner.email);
    const enc = encodeURIComponent;
    const posts = {
      'username twice, the owner first': `username=${enc(owner.email)}&password=${enc(owner.password)}&username=${enc(other.email)}`,
      'username twice, the owner last': `username=${enc(other.email)}&password=${enc(owner.password)}&username=${enc(owner.email)}`,
      'password twice': `username=${enc(owner.email)}&password=${enc(owner.password)}&password=guess`,
    };
    for (const [what, body] of Object.entries(posts)) {
      const answer = await (await signInForm(address)).postRaw(body);
      expect({ what, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        what,
        status: 400,
        type: expect.stringMatching(/^application\/json/),
      });
      expect(JSON.parse(answer.body)).toEqual({
        error: expect.stringMatching(/^The sign-in form names its (username|password) more than once$/),
        code: 'sign-in-form-unreadable',
      });
    }
    // Keycloak trims the username as Java does, control characters too: the same account, the same count
    for (const written of [`%01${enc(owner.email)}%1F`, `%09${enc(owner.email.toUpperCase())}+`]) {
      const answer = await (await signInForm(address)).postRaw(`username=${written}&password=${enc(owner.password)}&credentialId=`);
      expect({ written, ...answerOf(answer) }).toEqual({ written, ...guessRefusal });
    }
    expect(await signInStatus(newAddress(), owner)).toBe(302);
  });

  it('counts a login posted to any login action, and refuses every other spelling of the login form', async () => {
    const owner = await createAccount('spelled');
    const address = newAddress();
    // spellings nginx sends to the gateway: a wrong password through any of them is counted
    const counted = [
      '/auth/realms/bazar/login-actions//authenticate',
      '/auth/realms/bazar/login-actions/%61uthenticate',
      '/auth/realms/bazar/login-actions/registration',
      '/auth/realms/bazar/login-actions/reset-credentials',
      '/auth/realms/bazar/login-actions/required-action',
      '/auth/realms/bazar/login-actions/first-broker-login',
      '/auth/realms/bazar/login-actions/post-broker-login',
    ];
    let guess = 0;
    const { passed, refusal } = await postUntilRefused(
      async () => (await signInForm(address)).post(attempt(owner.email, `guess-${guess}`), spelled(counted[guess++ % counted.length]!)),
      19,
    );
    expect(passed.length).toBe(10);
    expectGuessRefusal(refusal);
    for (const path of counted) {
      const answer = await (await signInForm(address)).post(attempt(owner.email, owner.password), spelled(path));
      expect({ path, ...answerOf(answer) }).toEqual({ path, ...guessRefusal });
    }
    // spellings Keycloak takes as the login form too (tried on Keycloak itself), or might: nginx refuses them
    for (const path of [
      '/auth/realms/bazar/login-actions/authenticate/',
      '/auth/realms/bazar/login-actions/authenticate;a=b',
      '/auth/realms/bazar/login-actions/authenticate/;a=b',
      '/auth/realms/bazar/login-actions/authenticate%3Ba=b',
      '/auth/realms/bazar/login-actions;a=b/authenticate',
      '/auth/realms/bazar;a=b/login-actions/authenticate',
      '/auth/realms/bazar/login-actions/AUTHENTICATE',
      '/auth/realms/bazar/login-actions/authenticate.json',
    ]) {
      const answer = await (await signInForm(address)).post(attempt(owner.email, owner.password), spelled(path));
      expect({ path, ...answerOf(answer) }).toEqual({ path, ...notFound });
    }
    expect(await signInStatus(newAddress(), owner)).toBe(302);
  });

  it('refuses a sign-in post it cannot read as Keycloak would, without passing it on', async () => {
    const owner = await createAccount('unread');
    const address = newAddress();
    const enc = encodeURIComponent;
    const login = `username=${enc(owner.email)}&password=${enc(owner.password)}&credentialId=`;
    const multipart = [
      '--b',
      'Content-Disposition: form-data; name="username"',
      '',
      owner.email,
      '--b',
      'Content-Disposition: form-data; name="password"',
      '',
      owner.password,
      '--b--',
      '',
    ].join('\r\n');
    const posts: [what: string, body: string, headers: Record<string, string>, status: number][] = [
      ['multipart', multipart, { 'content-type': 'multipart/form-data; boundary=b' }, 415],
      ['another charset', login, { 'content-type': 'application/x-www-form-urlencoded; charset=ISO-8859-1' }, 415],
      ['plain text', login, { 'content-type': 'text/plain' }, 415],
      ['too large', `${login}&padding=${'x'.repeat(20_000)}`, {}, 413],
      ['no username', `password=${enc(owner.password)}`, {}, 400],
    ];
    for (const [what, body, headers, status] of posts) {
      const answer = await (await signInForm(address)).postRaw(body, { headers });
      expect({ what, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        what,
        status,
        type: expect.stringMatching(/^application\/json/),
      });
      expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: expect.any(String) });
    }
    expect(await signInStatus(address, owner)).toBe(302);
  });

  it("slows guesses at one account from many addresses, while the owner's own address still signs in", async () => {
    const owner = await createAccount('spread');
    const home = newAddress();
    expect(await signInStatus(home, owner)).toBe(302);
    // each address stays under its own count for the account (10); together they spend the account's (50)
    let guess = 0;
    let login = await signInForm(newAddress());
    const { passed, refusal } = await postUntilRefused(async () => {
      if (guess > 0 && guess % 9 === 0) login = await signInForm(newAddress());
      return login.post(attempt(owner.email, `guess-${guess++}`));
    }, 80);
    expect(passed.length).toBe(50);
    expectWrongPasswordPages(passed);
    const accountRefusal = {
      error: 'Too many wrong passwords for this account; try again in 15 minutes',
      code: 'too-many-sign-in-attempts',
      minutes: 15,
    };
    expect({ status: refusal.status, body: JSON.parse(refusal.body) as unknown }).toEqual({ status: 429, body: accountRefusal });
    // a new address is refused even with the right password; the owner's, where they signed in before, is not
    const elsewhere = await (await signInForm(newAddress())).post(attempt(owner.email, owner.password));
    expect({ status: elsewhere.status, body: JSON.parse(elsewhere.body) as unknown }).toEqual({ status: 429, body: accountRefusal });
    expect(await signInStatus(home, owner)).toBe(302);
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

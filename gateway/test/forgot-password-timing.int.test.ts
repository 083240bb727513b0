// The forgot-password form (Keycloak's login-actions/reset-credentials post, through nginx and the
// gateway) must not tell by its timing whether an address has an account: Keycloak sends the reset
// mail before it answers, so a known address would otherwise answer a mail send later than an
// unknown one. The gateway answers no sooner than a fixed floor after the post arrived
// (gateway/src/sign-in/guess-limits.ts, SIGN_IN_RESET_ANSWER_MS). This test asks for both kinds of
// address in turn and checks that the two sets of answer times cannot be told apart; it does not hold
// the answers to any speed. Each post comes from a loopback address of its own, so nginx's
// per-address limit on login posts is nobody else's.
import { randomInt } from 'node:crypto';
import { createAccount, eventually, mailbox, rawWebRequest, storefrontSignInPath, type RawWebAnswer } from '@bazar/testing';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const newAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const cookiesOf = (answer: RawWebAnswer) => (answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
const localPath = (link: string) => {
  const url = new URL(link.replaceAll('&amp;', '&'), 'http://localhost');
  return `${url.pathname}${url.search}`;
};
const pageError = (page: string) => /kc-feedback-text">([^<]*)</.exec(page)?.[1]?.trim();

/** Opens the forgot-password form as a browser would, then posts `email` to it: the post's answer and
 *  how long it took, from sending the post to the answer's last byte. */
async function askForReset(email: string): Promise<{ answer: RawWebAnswer; ms: number }> {
  const from = newAddress();
  const login = await rawWebRequest(storefrontSignInPath('auth'), { from });
  expect(login.status).toBe(200);
  const cookie = cookiesOf(login);
  const resetLink = /href="([^"]*login-actions\/reset-credentials[^"]*)"/.exec(login.body)![1]!;
  const resetPage = await rawWebRequest(localPath(resetLink), { from, headers: { cookie } });
  const action = /<form[^>]*id="kc-reset-password-form"[^>]*action="([^"]*)"/.exec(resetPage.body)![1]!;
  const started = performance.now();
  const answer = await rawWebRequest(localPath(action), {
    from,
    method: 'POST',
    headers: { ...form, cookie },
    body: new URLSearchParams({ username: email }).toString(),
  });
  return { answer, ms: performance.now() - started };
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const round = (times: number[]) => times.map((ms) => Math.round(ms));

/** Timer and scheduling noise between two answers of the same kind on a busy machine; far below the
 *  mail send the floor hides, even to the stack's mail sink. */
const MARGIN_MS = 40;
const ROUNDS = 6;

describe('the forgot-password form', () => {
  it('answers a known and an unknown address in times that cannot be told apart', async () => {
    const known = await createAccount('resettiming');
    const unknown = () => `nobody${randomInt(1e9)}@example.com`;
    // one of each in turn, so that a slower moment of the machine falls on both alike
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      for (const [email, times] of [
        [known.email, knownMs],
        [unknown(), unknownMs],
      ] as const) {
        const { answer, ms } = await askForReset(email);
        expect({ status: answer.status, error: pageError(answer.body) }).toEqual({
          status: 200,
          error: 'If that email belongs to a Bazar account, a reset link is on its way.',
        });
        times.push(ms);
      }
    }
    console.log(
      `forgot-password answers (ms): known ${round(knownMs).join(', ')} (median ${Math.round(median(knownMs))}); ` +
        `unknown ${round(unknownMs).join(', ')} (median ${Math.round(median(unknownMs))})`,
    );
    // Keycloak really mailed the known address each time, so the known answers did the slow work
    await eventually(async () => expect((await mailbox.list(known.email)).length).toBe(ROUNDS));

    // the two distributions overlap: neither kind's fastest answer comes after the other's slowest
    expect(Math.min(...knownMs)).toBeLessThanOrEqual(Math.max(...unknownMs) + MARGIN_MS);
    expect(Math.min(...unknownMs)).toBeLessThanOrEqual(Math.max(...knownMs) + MARGIN_MS);
    expect(Math.abs(median(knownMs) - median(unknownMs))).toBeLessThanOrEqual(MARGIN_MS);
  });
});

import type { Logger } from '@bazar/service-kit';
import { HttpError } from '@bazar/service-kit/http';
import type { Redis } from '@bazar/service-kit/redis';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config';
import { clientAddress } from '../limits/rate-limit';
import { FORM_LIMIT, readSignInForm, type SignInForm } from './sign-in-form';

/** Keycloak's login actions (its LoginActionsService's paths). nginx sends exactly these, as
 *  /auth/realms/bazar/login-actions/<action>, to SIGN_IN_PATH, and answers 404 for every other
 *  spelling (a trailing slash, `;params`, another case), which Keycloak would otherwise take as the
 *  same action: every login-actions page is passed on from here, so none reaches Keycloak uncounted. */
export const LOGIN_ACTIONS: ReadonlySet<string> = new Set([
  'authenticate',
  'registration',
  'reset-credentials',
  'required-action',
  'action-token',
  'first-broker-login',
  'post-broker-login',
  'consent',
  'restart',
  'detached-info',
  'cancel-aia',
]);
export const SIGN_IN_PATH = '/sign-in/:action';

/** Headers that belong to one hop, or that fetch has already undone (it decodes the body). */
const NOT_PASSED_ON = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

/** Keycloak sets its SSO cookie once an account is signed in, and at no other answer. */
const SIGNED_IN = /^KEYCLOAK_IDENTITY=[^;\s]/;

/** What one post took of the budgets, to give back when it turns out not to be a guess. */
interface Taken {
  address: string;
  account: string;
  pair: string;
  fromAccount: boolean;
}

type Config = Pick<
  GatewayConfig,
  | 'KEYCLOAK_URL'
  | 'SIGN_IN_GUESSES'
  | 'SIGN_IN_GUESS_MINUTES'
  | 'SIGN_IN_ACCOUNT_GUESSES'
  | 'SIGN_IN_ADDRESS_GUESSES'
  | 'SIGN_IN_KNOWN_ADDRESS_DAYS'
  | 'SIGN_IN_RESET_ANSWER_MS'
>;

/**
 * Wrong passwords are counted in Redis (shared by every gateway replica) before Keycloak sees the
 * password, three ways:
 * - per address and account (SIGN_IN_GUESSES): an address that keeps guessing one account is
 *   refused for that account, while the owner, from their own address, signs in as ever;
 * - per account, from every address together (SIGN_IN_ACCOUNT_GUESSES): an attacker spread over many
 *   addresses is slowed to that many guesses a window. An address that signed in to the account
 *   before (remembered SIGN_IN_KNOWN_ADDRESS_DAYS) is not held to it and does not spend it, so the
 *   owner's own devices still sign in while the account is under attack; an owner on a new address
 *   waits out the window or resets the password by mail. Keycloak's own brute-force detection counts
 *   per account only and locks the owner out everywhere, which is why it is off in the realm;
 * - per address, for every account together (SIGN_IN_ADDRESS_GUESSES), which also takes a post the
 *   gateway cannot read: nginx limits posts per address too, but each nginx replica alone.
 * A guess is a post to `authenticate`, or any login-actions post that names a username and a password
 * (Keycloak runs the login form's check on whichever flow path the form is posted to). Only a
 * sign-in (Keycloak's SSO cookie) gives a guess back; any other answer keeps it counted, since a post
 * whose password was checked need not answer with the login form.
 */
export function signInGuard(config: Config, redis: Redis, log: Logger) {
  const window = config.SIGN_IN_GUESS_MINUTES * 60;
  const limiter = (keyPrefix: string, points: number) => new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: window });
  const byPair = limiter('gateway:sign-in-guesses', config.SIGN_IN_GUESSES);
  const byAccount = limiter('gateway:sign-in-account-guesses', config.SIGN_IN_ACCOUNT_GUESSES);
  const byAddress = limiter('gateway:sign-in-address-guesses', config.SIGN_IN_ADDRESS_GUESSES);
  const knownKey = (account: string, address: string) => `gateway:sign-in-known:${account}|${address}`;
  const keycloakActions = `${config.KEYCLOAK_URL}/realms/bazar/login-actions`;

  /** Takes one point of `key`'s budget, or refuses with 429; false when Redis cannot count it. */
  async function take(budget: RateLimiterRedis, key: string, res: Response, refusal: string): Promise<boolean> {
    try {
      await budget.consume(key);
      return true;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        log.warn({ err }, 'sign-in guesses cannot be counted; the post is let through');
        return false;
      }
      const minutes = Math.max(1, Math.ceil(err.msBeforeNext / 60_000));
      res.setHeader('Retry-After', String(Math.ceil(err.msBeforeNext / 1000)));
      throw new HttpError(429, 'too-many-sign-in-attempts', `${refusal}; try again in ${minutes} minutes`, { minutes });
    }
  }
  const takeAddress = (address: string, res: Response) => take(byAddress, address, res, 'Too many wrong passwords from your address');

  /** Counts a guess at `account` from `address` against all three budgets, refusing when one is spent. */
  async function takeGuess(address: string, account: string, res: Response): Promise<Taken> {
    const pair = `${address}|${account}`;
    await takeAddress(address, res);
    await take(byPair, pair, res, 'Too many wrong passwords for this account from your address');
    const known = await redis.exists(knownKey(account, address)).catch(() => 0);
    const fromAccount = known === 0 && (await take(byAccount, account, res, 'Too many wrong passwords for this account'));
    return { address, account, pair, fromAccount };
  }

  /** A sign-in: the address is the owner's from now on, and its guesses are given back. */
  async function signedIn(taken: Taken): Promise<void> {
    await Promise.all([
      byPair.delete(taken.pair),
      byAddress.reward(taken.address, 1),
      taken.fromAccount ? byAccount.reward(taken.account, 1) : undefined,
      redis.set(knownKey(taken.account, taken.address), '1', 'EX', config.SIGN_IN_KNOWN_ADDRESS_DAYS * 86_400),
    ]).catch((err: unknown) => log.warn({ err }, 'a sign-in was not remembered'));
  }

  async function giveBack(taken: Taken): Promise<void> {
    await Promise.all([
      byPair.reward(taken.pair, 1),
      byAddress.reward(taken.address, 1),
      taken.fromAccount ? byAccount.reward(taken.account, 1) : undefined,
    ]).catch(() => {});
  }

  /**
   * Keycloak sends the reset mail before it answers the forgot-password post, and sends none for an
   * address without an account: its answer alone would tell which addresses have accounts by its
   * timing. So every answer to that post (Keycloak's page or the gateway's refusal) is held until
   * SIGN_IN_RESET_ANSWER_MS after the post arrived, the same for every address. Keycloak has no way
   * to send the mail after answering.
   */
  async function resetAnswerFloor(req: Request, res: Response): Promise<void> {
    if (req.method !== 'POST' || req.params.action !== 'reset-credentials') return;
    const arrived = (res.locals.signInArrived as number | undefined) ?? performance.now();
    const wait = arrived + config.SIGN_IN_RESET_ANSWER_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // an answer after the floor is one whose timing can differ by address: the floor is too low here
    else
      log.warn(
        { ms: Math.round(config.SIGN_IN_RESET_ANSWER_MS - wait) },
        'a forgot-password answer took longer than SIGN_IN_RESET_ANSWER_MS',
      );
  }

  async function handle(req: Request, res: Response): Promise<void> {
    const action = String(req.params.action);
    if (!LOGIN_ACTIONS.has(action)) throw new HttpError(404, 'no-such-page', 'No such page');
    if (req.method === 'GET' || req.method === 'HEAD') return passOn(req, res, action, undefined, undefined);
    if (req.method !== 'POST') throw new HttpError(405, 'method-not-allowed', 'The sign-in pages take GET and POST only');

    const address = clientAddress(req);
    const form = readSignInForm(req, res.locals.signInBodyError);
    if (form instanceof HttpError) {
      await takeAddress(address, res);
      throw form;
    }
    const guess = action === 'authenticate' || (form.named && form.fields.has('password'));
    // The store's login form always has the username field: a login without one is refused. A password
    // with an empty name is checked against no account (Keycloak asks for the email), and the broker's
    // re-authentication asks for the password of the account Keycloak knows from the Google sign-in
    // without naming it: both are counted for the address alone.
    if (guess && !form.named) {
      await takeAddress(address, res);
      throw new HttpError(400, 'email-required', 'The sign-in form needs your email address');
    }
    if (form.fields.has('password') && form.account === undefined && (guess || action.endsWith('broker-login')))
      await takeAddress(address, res);
    const taken = guess && form.account !== undefined ? await takeGuess(address, form.account, res) : undefined;
    return passOn(req, res, action, form, taken);
  }

  async function passOn(req: Request, res: Response, action: string, form: SignInForm | undefined, taken: Taken | undefined) {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !NOT_PASSED_ON.has(name)) headers.set(name, value);
    let answer: globalThis.Response;
    let page: Buffer;
    try {
      answer = await fetch(`${keycloakActions}/${action}${query}`, {
        method: req.method,
        headers,
        body: form ? form.fields.toString() : undefined,
        redirect: 'manual',
      });
      page = Buffer.from(await answer.arrayBuffer());
    } catch (err) {
      if (taken) await giveBack(taken);
      log.warn({ err }, 'Keycloak did not answer a sign-in page');
      throw new HttpError(503, 'sign-in-away', 'Sign-in is not available right now; try again shortly');
    }

    const cookies = answer.headers.getSetCookie();
    if (taken && cookies.some((cookie) => SIGNED_IN.test(cookie))) await signedIn(taken);

    res.status(answer.status);
    answer.headers.forEach((value, name) => {
      if (!NOT_PASSED_ON.has(name) && name !== 'set-cookie') res.setHeader(name, value);
    });
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    await resetAnswerFloor(req, res);
    res.end(page);
  }

  // Every body is read (up to FORM_LIMIT), whatever its type: one that cannot be read is refused
  // and counted against its address, never passed on unread.
  const raw = express.raw({ type: () => true, limit: FORM_LIMIT });
  const readBody: RequestHandler = (req, res, next: NextFunction) => {
    res.locals.signInArrived = performance.now();
    raw(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) res.locals.signInBodyError = err;
      next();
    });
  };
  const guarded: RequestHandler = (req, res, next) =>
    void handle(req, res).catch(async (err: unknown) => {
      await resetAnswerFloor(req, res);
      next(err);
    });
  return [readBody, guarded];
}

import { SignInFormFields } from '@bazar/contracts';
import { HttpError, type Logger, type Redis } from '@bazar/service-kit';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config';
import { clientAddress } from '../limits/rate-limit';

/** Keycloak's login form posts here (nginx sends `login-actions/authenticate` to the gateway). */
export const SIGN_IN_PATH = '/sign-in/authenticate';

/** Headers that belong to one hop, or that fetch has already undone (it decodes the body). */
const NOT_PASSED_ON = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

/**
 * Wrong passwords are counted per client address and account, in Redis: an address that keeps
 * guessing one account is refused for that account, while the owner, from their own address, signs
 * in as ever. Keycloak's own brute-force detection counts per account only, so a guesser anywhere
 * locked the owner out everywhere; it is off in the realm, and this (with nginx's per-address limit
 * on every sign-in post) takes its place. The handlers of SIGN_IN_PATH, a route of the gateway's.
 */
export function signInGuard(
  config: Pick<GatewayConfig, 'KEYCLOAK_URL' | 'SIGN_IN_GUESSES' | 'SIGN_IN_GUESS_MINUTES'>,
  redis: Redis,
  log: Logger,
) {
  const guesses = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'gateway:sign-in-guesses',
    points: config.SIGN_IN_GUESSES,
    duration: config.SIGN_IN_GUESS_MINUTES * 60,
  });
  const keycloakForm = `${config.KEYCLOAK_URL}/realms/bazar/login-actions/authenticate`;

  /** Takes one guess of the address's budget for the account before Keycloak sees the password, so
   *  parallel posts cannot all slip under the limit; a sign-in that is not a wrong password gives it back. */
  async function takeGuess(key: string, res: Response): Promise<boolean> {
    try {
      await guesses.consume(key);
      return true;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        log.warn({ err }, 'sign-in guesses cannot be counted; the post is let through');
        return false;
      }
      const minutes = Math.max(1, Math.ceil(err.msBeforeNext / 60_000));
      res.setHeader('Retry-After', String(Math.ceil(err.msBeforeNext / 1000)));
      throw new HttpError(429, `Too many wrong passwords for this account from your address; try again in ${minutes} minutes`);
    }
  }

  async function passOn(req: Request, res: Response): Promise<void> {
    const fields = SignInFormFields.safeParse(
      Object.fromEntries(new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString() : '')),
    );
    const key = fields.success ? `${clientAddress(req)}|${fields.data.username}` : undefined;
    const counted = key !== undefined && req.method === 'POST' && (await takeGuess(key, res));

    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !NOT_PASSED_ON.has(name)) headers.set(name, value);
    let answer: globalThis.Response;
    let page: Buffer;
    try {
      answer = await fetch(`${keycloakForm}${query}`, {
        method: req.method,
        headers,
        body: Buffer.isBuffer(req.body) && req.method === 'POST' ? req.body : undefined,
        redirect: 'manual',
      });
      page = Buffer.from(await answer.arrayBuffer());
    } catch (err) {
      if (counted) await guesses.reward(key, 1).catch(() => {});
      log.warn({ err }, 'Keycloak did not answer a sign-in');
      throw new HttpError(503, 'Sign-in is not available right now; try again shortly');
    }

    // Keycloak answers a wrong password with its login form again; anything else (the redirect of a
    // sign-in, a required action's page) is not a guess
    const wrongPassword = answer.status === 200 && page.includes('id="kc-form-login"');
    if (counted && !wrongPassword)
      await (answer.status < 400 && answer.headers.has('location') ? guesses.delete(key) : guesses.reward(key, 1)).catch(() => {});

    res.status(answer.status);
    answer.headers.forEach((value, name) => {
      if (!NOT_PASSED_ON.has(name) && name !== 'set-cookie') res.setHeader(name, value);
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    res.end(page);
  }

  const form = express.raw({ type: 'application/x-www-form-urlencoded', limit: '16kb' });
  const guarded: RequestHandler = (req, res, next) => void passOn(req, res).catch(next);
  return [form, guarded];
}

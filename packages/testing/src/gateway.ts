// Calls to the running gateway, as a visitor or as the holder of a token.
import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { request, type Dispatcher } from 'undici';
import { signIn } from './auth';
import { nextMinute } from './rate-limits';
import { stackEnv } from './stack';

export interface GatewayAnswer {
  status: number;
  /** the JSON body, the text when it is not JSON, undefined when empty */
  body: unknown;
  headers: Headers;
}

/** The client address this test file's calls come from (nginx's X-Forwarded-For), as each shopper
 *  has their own: the gateway's per-address budget (300 writes a minute) is then this file's, not
 *  shared with every test running at the same time from loopback. A call may still set its own. */
const TEST_FILE_ADDRESS = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** One call to the gateway; a call that takes longer than `timeoutMs` throws a TimeoutError.
 *  undici's `request`, not `fetch`: the order-flow bench makes three calls an order on the machine
 *  it measures, and `fetch` was a third of the bench's own CPU. */
export const gatewayCall = (...call: GatewayCall) => gatewayCallAt(stackEnv.gatewayUrl, ...call);

/** What a call names: method, path, then optionally the token, the body, headers and a timeout. */
type GatewayCall = Parameters<typeof gatewayCallAt> extends [string, ...infer Rest] ? Rest : never;

/** gatewayCall to the gateway (replica) at `gatewayUrl`. */
export async function gatewayCallAt(
  gatewayUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<GatewayAnswer> {
  const answer = await request(`${gatewayUrl}${path}`, {
    method: method as Dispatcher.HttpMethod,
    headers: {
      'x-forwarded-for': TEST_FILE_ADDRESS,
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await answer.body.text();
  let parsed: unknown = text || undefined;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    /* not JSON: the text itself, for the assertion to show */
  }
  return { status: answer.statusCode, body: parsed, headers: headersOf(answer.headers) };
}

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  return headers;
}

/**
 * A test's setup call made again in the next minute when the account's budget of writes is spent
 * for this one (429 too-many-requests): the seeded accounts are shared by every test file running
 * at once, and their setup is not what those files test. A test of the limits themselves calls
 * gatewayCall, which never waits.
 */
export async function setupCall(...call: GatewayCall): Promise<GatewayAnswer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await gatewayCall(...call);
    const spent = answer.status === 429 && (answer.body as { code?: string } | undefined)?.code === 'too-many-requests';
    if (!spent || attempt === 2) return answer;
    await nextMinute(randomInt(100, 1_000));
  }
}

/**
 * Signs the account in and syncs it as the storefront does after a sign-in (PUT /users/{email}), so
 * the user service has its record: the gateway decides admin from that record, and on a fresh stack
 * nobody has signed in yet. Answers the access token.
 */
export async function signedInAndSynced(account: { email: string; password: string }): Promise<string> {
  const token = await signIn(account.email, account.password);
  const synced = await setupCall('PUT', `/users/${encodeURIComponent(account.email)}`, token, {});
  if (synced.status >= 300) throw new Error(`sync of ${account.email} answered ${synced.status} ${JSON.stringify(synced.body)}`);
  return token;
}

/** The storefront's sync after a sign-in (PUT /users/{email}), for an account already signed in. */
export const syncAccount = (account: { email: string; token: string }) => gatewayCall('PUT', `/users/${account.email}`, account.token, {});

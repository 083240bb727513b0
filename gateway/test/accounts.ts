// Signed-in test accounts and calls to the running gateway.
import { createAccount, signIn, stackEnv } from '@bazar/testing';

export { keycloakAccount } from '@bazar/testing';

export interface TestAccount {
  email: string;
  token: string;
}

/** A fresh shopper with a Keycloak account, signed in. */
export async function newShopper(label: string): Promise<TestAccount> {
  const { email, password } = await createAccount(label);
  return { email, token: await signIn(email, password) };
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** One call to the gateway, as the holder of `token` (or anonymously). */
export async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${stackEnv.gatewayUrl}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

export const sync = (account: TestAccount) => call('PUT', `/users/${account.email}`, account.token, {});

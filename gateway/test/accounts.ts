// Accounts for tests, made through Keycloak's admin API with the user service's service account,
// and calls to the running gateway.
import { randomUUID } from 'node:crypto';
import { serviceAccountToken, signIn, stackEnv } from '@bazar/testing';

const adminApi = `${stackEnv.keycloakUrl}/admin/realms/bazar`;

async function keycloak(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${adminApi}${path}`, {
    method,
    headers: { authorization: `Bearer ${await serviceAccountToken()}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface TestAccount {
  email: string;
  token: string;
}

/** A fresh shopper with a Keycloak account (email, full name, password), signed in. */
export async function newShopper(label: string): Promise<TestAccount> {
  // the realm holds new addresses to the spec's pattern: a 2-3 letter top-level domain
  const email = `${label}${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const created = await keycloak('POST', '/users', {
    username: email,
    email,
    emailVerified: true,
    enabled: true,
    firstName: 'Test',
    lastName: label,
    attributes: { fullName: [`Test ${label}`] },
    credentials: [{ type: 'password', value: password, temporary: false }],
  });
  if (created.status !== 201) throw new Error(`Keycloak did not create ${email}: ${created.status} ${await created.text()}`);
  return { email, token: await signIn(email, password) };
}

/** The Keycloak account with that email: its id and realm roles, or undefined when there is none. */
export async function keycloakAccount(email: string): Promise<{ id: string; realmRoles: string[] } | undefined> {
  const users = (await (await keycloak('GET', `/users?${new URLSearchParams({ email, exact: 'true' })}`)).json()) as { id: string }[];
  const id = users[0]?.id;
  if (!id) return undefined;
  const roles = (await (await keycloak('GET', `/users/${id}/role-mappings/realm`)).json()) as { name: string }[];
  return { id, realmRoles: roles.map((role) => role.name) };
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

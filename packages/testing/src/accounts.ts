// Accounts for tests, made through Keycloak's admin API with the user service's service account, so
// tests never change the seeded demo accounts.
import { randomUUID } from 'node:crypto';
import { serviceAccountToken, signIn } from './auth';
import { stackEnv } from './stack';

const adminApi = () => `${stackEnv.keycloakUrl}/admin/realms/bazar`;

/** One call to Keycloak's admin API of the bazar realm, with `token` or a fresh one. */
export async function keycloakAdmin(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(`${adminApi()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token ?? (await serviceAccountToken())}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Removes these Keycloak accounts (by id), and with them their sessions, five at a time; one already
 *  gone is no error. Whatever makes accounts by the hundred removes them: Keycloak keeps every
 *  account and, until it expires, every session in its database, and a store that keeps the
 *  benches' accounts spends Keycloak's CPU writing an ever larger database file. */
export async function deleteAccounts(ids: string[]): Promise<void> {
  const token = await serviceAccountToken();
  for (let i = 0; i < ids.length; i += 5) {
    await Promise.all(
      ids.slice(i, i + 5).map(async (id) => {
        const deleted = await keycloakAdmin('DELETE', `/users/${id}`, undefined, token);
        if (!deleted.ok && deleted.status !== 404) throw new Error(`Keycloak did not delete account ${id}: ${deleted.status}`);
      }),
    );
  }
}

export interface Credentials {
  email: string;
  password: string;
  fullName: string;
}

/** A fresh, enabled Keycloak account (email, full name, password) that nobody has signed in with;
 *  under a new address unless one is given (an address freed by a deleted account, say). Its
 *  address counts as verified unless `emailVerified` is false (a new sign-up's is not). */
export async function createAccount(
  label: string,
  email = `${label.toLowerCase().replace(/[^a-z0-9]/g, '')}${randomUUID().slice(0, 8).replace(/-/g, '')}@example.com`,
  { emailVerified = true }: { emailVerified?: boolean } = {},
): Promise<Credentials> {
  const password = `pw-${randomUUID()}`;
  const fullName = `Test ${label}`;
  const created = await keycloakAdmin('POST', '/users', {
    username: email,
    email,
    emailVerified,
    enabled: true,
    firstName: 'Test',
    lastName: label,
    attributes: { fullName: [fullName] },
    credentials: [{ type: 'password', value: password, temporary: false }],
  });
  if (created.status !== 201) throw new Error(`Keycloak did not create ${email}: ${created.status} ${await created.text()}`);
  return { email, password, fullName };
}

/** The Keycloak account with that email: its id and realm roles, or undefined when there is none. */
export async function keycloakAccount(email: string): Promise<{ id: string; realmRoles: string[] } | undefined> {
  const users = (await (await keycloakAdmin('GET', `/users?${new URLSearchParams({ email, exact: 'true' })}`)).json()) as { id: string }[];
  const id = users[0]?.id;
  if (!id) return undefined;
  const mappings = await keycloakAdmin('GET', `/users/${id}/role-mappings/realm`);
  // The account can go between the two reads: the user service deletes it from Keycloak after an
  // admin deletes the user, so a test cleaning up may look while that delete lands.
  if (mappings.status === 404) return undefined;
  if (!mappings.ok) throw new Error(`Keycloak did not list the roles of ${email}: ${mappings.status} ${await mappings.text()}`);
  const roles = (await mappings.json()) as { name: string }[];
  return { id, realmRoles: roles.map((role) => role.name) };
}

export interface TestAccount {
  email: string;
  token: string;
}

/** A fresh shopper with a Keycloak account, signed in. */
export async function newShopper(label: string): Promise<TestAccount> {
  const { email, password } = await createAccount(label);
  return { email, token: await signIn(email, password) };
}

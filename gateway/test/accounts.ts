// Signed-in test accounts and calls to the running gateway.
import { createAccount, gatewayCall, signIn } from '@bazar/testing';

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

/** One call to the gateway, as the holder of `token` (or anonymously). */
export const call = gatewayCall;

export const sync = (account: TestAccount) => call('PUT', `/users/${account.email}`, account.token, {});

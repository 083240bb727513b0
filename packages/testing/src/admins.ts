// An admin account of a test's own, made as the store makes one (an account, synced, promoted by the
// seeded admin with /makeadmin), so that its writes are counted apart from other tests' against the
// per-user limits; and an account deleted as the store deletes a user (Keycloak's account too).
import { createAccount, type Credentials } from './accounts';
import { ACCOUNTS } from './auth';
import { gatewayCall, setupCall, signedInAndSynced } from './gateway';

export async function createAdminAccount(label: string): Promise<Credentials> {
  const [admin, account] = await Promise.all([signedInAndSynced(ACCOUNTS.admin), createAccount(label)]);
  await signedInAndSynced(account);
  const promoted = await setupCall('PUT', `/makeadmin/${account.email}`, admin);
  if (promoted.status !== 200) throw new Error(`promoting ${account.email} answered ${promoted.status} ${JSON.stringify(promoted.body)}`);
  return account;
}

export async function deleteStoreAccount(account: Credentials | undefined): Promise<void> {
  if (!account) return;
  const admin = await signedInAndSynced(ACCOUNTS.admin);
  const users = (await gatewayCall('GET', '/allusers', admin)).body as { _id: string; email: string }[];
  const record = users.find((user) => user.email === account.email);
  if (!record) return;
  const deleted = await setupCall('DELETE', `/delete/${record._id}`, admin);
  if (deleted.status >= 300) throw new Error(`deleting ${account.email} answered ${deleted.status} ${JSON.stringify(deleted.body)}`);
}

import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rootPath } from './paths.ts';
import type { Secrets } from './secrets.ts';

export const REALM_FILE = rootPath('infra', 'keycloak', 'realms', 'bazar-realm.json');
/** The demo admin and shopper (local use only), imported beside the realm unless NODE_ENV=production. */
export const DEMO_USERS_FILE = rootPath('infra', 'keycloak', 'demo-users', 'bazar-users-0.json');

export const demoAccountsWanted = (env: NodeJS.ProcessEnv = process.env) => env.NODE_ENV !== 'production';

/**
 * Puts what Keycloak imports on its start into `<home>/data/import`: the realm (its secrets are
 * `${…}` placeholders, filled from Keycloak's environment) and, when wanted, the demo accounts.
 * Keycloak imports a realm only into empty data; when anything it was given has changed since (the
 * realm file, the demo accounts, the secrets), the local data is started afresh so the change shows
 * (accounts registered locally go with it; the demo ones come back).
 */
export async function prepareRealmImport(home: string, secrets: Secrets, { demoAccounts }: { demoAccounts: boolean }): Promise<void> {
  const realm = await readFile(REALM_FILE, 'utf8');
  const demo = demoAccounts ? await readFile(DEMO_USERS_FILE, 'utf8') : undefined;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([realm, demo ?? null, secrets]))
    .digest('hex');
  const fingerprintFile = path.join(home, 'data', 'bazar-import.sha256');
  if ((await readFile(fingerprintFile, 'utf8').catch(() => undefined)) === fingerprint) return;

  const data = path.join(home, 'data', 'h2');
  if (
    await access(data).then(
      () => true,
      () => false,
    )
  ) {
    console.log('  keycloak  the realm, its demo accounts or its secrets changed since the import; importing it afresh');
    await rm(data, { recursive: true, force: true });
  }
  const importDir = path.join(home, 'data', 'import');
  await rm(importDir, { recursive: true, force: true });
  await mkdir(importDir, { recursive: true });
  await writeFile(path.join(importDir, path.basename(REALM_FILE)), realm);
  if (demo !== undefined) await writeFile(path.join(importDir, path.basename(DEMO_USERS_FILE)), demo);
  await writeFile(fingerprintFile, fingerprint);
}

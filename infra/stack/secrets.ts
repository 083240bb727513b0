import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stackPath } from './paths.ts';

/**
 * The secrets of this installation, made on the first start and kept in the ignored
 * `.stack/secrets.json` (mode 0600), under the names docker-compose reads from `.env`
 * (see `.env.example`). Nothing here is ever committed; deleting the file makes new ones on the next
 * start, and the realm is then imported afresh with them (infra/stack/keycloak-realm.ts).
 */
export const SECRET_NAMES = [
  /** the user service's confidential Keycloak client, which holds manage-users in realm bazar */
  'BAZAR_USER_SERVICE_CLIENT_SECRET',
  /** Keycloak's bootstrap admin of the master realm (user `admin`), on the internal address only */
  'KC_BOOTSTRAP_ADMIN_PASSWORD',
] as const;

export type Secrets = Record<(typeof SECRET_NAMES)[number], string>;

export const SECRETS_FILE = stackPath('secrets.json');

const newSecret = () => randomBytes(32).toString('base64url');

/** The installation's secrets, making (and writing) any that are missing. */
export function installationSecrets(file = SECRETS_FILE): Secrets {
  let found: Partial<Secrets> | undefined;
  try {
    found = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${file} is unreadable: delete it to make new secrets`, { cause: err });
  }
  const missing = SECRET_NAMES.filter((name) => typeof found?.[name] !== 'string' || found[name].length < 16);
  if (missing.length === 0) return found as Secrets;
  const secrets = { ...found, ...Object.fromEntries(missing.map((name) => [name, newSecret()])) } as Secrets;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // a new file is created exclusively: two processes starting at once keep the first one's secrets
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: found ? 'w' : 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return installationSecrets(file);
    throw err;
  }
  chmodSync(file, 0o600);
  return secrets;
}

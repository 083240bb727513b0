import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
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

/** The installation's key pairs for the tokens between the gateway and the services (issue 53),
 *  ES256 (P-256), each key as one line of base64 DER as an env file wants it. The identity pair
 *  (contracts IDENTITY_TOKEN): the private key (PKCS#8) goes to the gateway, the seed and the tests,
 *  which sign who is signed in; the public key (SPKI) to the services, which only verify. The service
 *  pair (contracts SERVICE_TOKEN): the private key to the services that call another's internal
 *  routes (the order service, the gateway), the public key to every service. Kept apart from
 *  SECRET_NAMES, which Keycloak's realm import is fingerprinted with: making a pair does not start
 *  Keycloak's data afresh. */
export const IDENTITY_KEY_NAMES = ['BAZAR_IDENTITY_SIGNING_KEY', 'BAZAR_IDENTITY_VERIFY_KEY'] as const;
export type IdentityKeys = Record<(typeof IDENTITY_KEY_NAMES)[number], string>;
export const SERVICE_KEY_NAMES = ['BAZAR_SERVICE_SIGNING_KEY', 'BAZAR_SERVICE_VERIFY_KEY'] as const;
export type ServiceKeys = Record<(typeof SERVICE_KEY_NAMES)[number], string>;

function newKeyPair(): [signing: string, verify: string] {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return [
    privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  ];
}

/** Whether `signing` is a P-256 private key and `verify` its own public key. */
function keysHold(signing: string | undefined, verify: string | undefined): boolean {
  try {
    const key = createPrivateKey({ key: Buffer.from(signing ?? '', 'base64'), format: 'der', type: 'pkcs8' });
    if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return false;
    return createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64') === verify;
  } catch {
    return false;
  }
}

/** The secrets file's entries, or undefined before the first start. */
function readSecrets(file: string): Record<string, string> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${file} is unreadable: delete it to make new secrets`, { cause: err });
    return undefined;
  }
}

/** Writes every entry; false when another process made the file first (then its entries count). */
function writeSecrets(file: string, entries: Record<string, string>, existed: boolean): boolean {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // a new file is created exclusively: two processes starting at once keep the first one's secrets
    writeFileSync(file, `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600, flag: existed ? 'w' : 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  chmodSync(file, 0o600);
  return true;
}

/** The installation's secrets, making (and writing) any that are missing. */
export function installationSecrets(file = SECRETS_FILE): Secrets {
  const found = readSecrets(file);
  const missing = SECRET_NAMES.filter((name) => typeof found?.[name] !== 'string' || found[name].length < 16);
  const all = { ...found, ...Object.fromEntries(missing.map((name) => [name, newSecret()])) };
  if (missing.length > 0 && !writeSecrets(file, all, found !== undefined)) return installationSecrets(file);
  // only the named ones: what else the file keeps (the identity keys) is not Keycloak's
  return Object.fromEntries(SECRET_NAMES.map((name) => [name, all[name]])) as Secrets;
}

/** The installation's key pair under `names`, making (and writing) a new one if either key is
 *  missing or they do not belong together. */
function installationKeyPair<N extends readonly [string, string]>(file: string, names: N): Record<N[number], string> {
  const [signing, verify] = names;
  const found = readSecrets(file);
  const all = keysHold(found?.[signing], found?.[verify])
    ? (found as Record<string, string>)
    : { ...found, ...Object.fromEntries(newKeyPair().map((key, at) => [names[at], key])) };
  if (all !== found && !writeSecrets(file, all, found !== undefined)) return installationKeyPair(file, names);
  return { [signing]: all[signing], [verify]: all[verify] } as Record<N[number], string>;
}

/** The identity tokens' key pair (made if missing). */
export const installationIdentityKeys = (file = SECRETS_FILE): IdentityKeys => installationKeyPair(file, IDENTITY_KEY_NAMES);
/** The service tokens' key pair (made if missing). */
export const installationServiceKeys = (file = SECRETS_FILE): ServiceKeys => installationKeyPair(file, SERVICE_KEY_NAMES);

// The local stack's secrets (infra/stack/secrets.ts) and what Keycloak is given to import
// (infra/stack/keycloak-realm.ts), on temporary folders: no stack needed.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { SECRET_NAMES, installationIdentityKeys, installationSecrets } from '../stack/secrets.ts';
import { demoAccountsWanted, prepareRealmImport } from '../stack/keycloak-realm.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bazar-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('installation secrets', () => {
  it('are made once, long and random, into a file only the owner reads, and reused after', () => {
    const file = path.join(dir, 'stack', 'secrets.json');
    const made = installationSecrets(file);
    expect(Object.keys(made).sort()).toEqual([...SECRET_NAMES].sort());
    for (const secret of Object.values(made)) expect(secret).toMatch(/^[\w-]{43}$/);
    expect(new Set(Object.values(made)).size).toBe(SECRET_NAMES.length);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(installationSecrets(file)).toEqual(made);
    // another installation gets others
    expect(installationSecrets(path.join(dir, 'other.json')).BAZAR_USER_SERVICE_CLIENT_SECRET).not.toBe(
      made.BAZAR_USER_SERVICE_CLIENT_SECRET,
    );
  });
});

describe('the identity key pair (issue 53)', () => {
  const publicOf = (signing: string) =>
    createPublicKey(createPrivateKey({ key: Buffer.from(signing, 'base64'), format: 'der', type: 'pkcs8' }))
      .export({ type: 'spki', format: 'der' })
      .toString('base64');

  it('is made once into the same 0600 file, a P-256 private key and its own public key, beside the secrets', () => {
    const file = path.join(dir, 'stack', 'secrets.json');
    const secrets = installationSecrets(file);
    const keys = installationIdentityKeys(file);
    const key = createPrivateKey({ key: Buffer.from(keys.BAZAR_IDENTITY_SIGNING_KEY, 'base64'), format: 'der', type: 'pkcs8' });
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(publicOf(keys.BAZAR_IDENTITY_SIGNING_KEY)).toBe(keys.BAZAR_IDENTITY_VERIFY_KEY);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(installationIdentityKeys(file)).toEqual(keys);
    // the secrets are kept, and are still only what Keycloak's import is fingerprinted with
    expect(installationSecrets(file)).toEqual(secrets);
    expect(Object.keys(installationSecrets(file)).sort()).toEqual([...SECRET_NAMES].sort());
    expect(installationIdentityKeys(path.join(dir, 'other.json')).BAZAR_IDENTITY_SIGNING_KEY).not.toBe(keys.BAZAR_IDENTITY_SIGNING_KEY);
  });

  it('is made afresh when the two do not belong together', () => {
    const file = path.join(dir, 'secrets.json');
    const first = installationIdentityKeys(file);
    const other = installationIdentityKeys(path.join(dir, 'other.json'));
    writeFileSync(file, JSON.stringify({ ...first, BAZAR_IDENTITY_VERIFY_KEY: other.BAZAR_IDENTITY_VERIFY_KEY }));
    const remade = installationIdentityKeys(file);
    expect(remade.BAZAR_IDENTITY_SIGNING_KEY).not.toBe(first.BAZAR_IDENTITY_SIGNING_KEY);
    expect(publicOf(remade.BAZAR_IDENTITY_SIGNING_KEY)).toBe(remade.BAZAR_IDENTITY_VERIFY_KEY);
  });
});

describe("Keycloak's realm import", () => {
  const secrets = { BAZAR_USER_SERVICE_CLIENT_SECRET: 'a'.repeat(43), KC_BOOTSTRAP_ADMIN_PASSWORD: 'b'.repeat(43) };
  const imported = () => readdirSync(path.join(dir, 'data', 'import')).sort();
  const users = (file: string) =>
    (JSON.parse(readFileSync(path.join(dir, 'data', 'import', file), 'utf8')) as { users?: { username: string }[] }).users ?? [];

  it('leaves the demo accounts out when NODE_ENV=production', async () => {
    expect(demoAccountsWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoAccountsWanted({})).toBe(true);
    await prepareRealmImport(dir, secrets, { demoAccounts: false });
    expect(imported()).toEqual(['bazar-realm.json']);
    expect(users('bazar-realm.json').map((user) => user.username)).toEqual(['service-account-bazar-user-service']);
  });

  it('imports the demo accounts beside the realm otherwise', async () => {
    await prepareRealmImport(dir, secrets, { demoAccounts: true });
    expect(imported()).toEqual(['bazar-realm.json', 'bazar-users-0.json']);
    expect(users('bazar-users-0.json').map((user) => user.username)).toEqual(['admin@bazar.test', 'shopper@bazar.test']);
  });

  it('starts the local Keycloak data afresh when the secrets or the demo accounts change, and only then', async () => {
    const h2 = path.join(dir, 'data', 'h2');
    await prepareRealmImport(dir, secrets, { demoAccounts: true });
    mkdirSync(h2);
    await prepareRealmImport(dir, secrets, { demoAccounts: true });
    expect(existsSync(h2)).toBe(true);
    await prepareRealmImport(dir, { ...secrets, BAZAR_USER_SERVICE_CLIENT_SECRET: 'c'.repeat(43) }, { demoAccounts: true });
    expect(existsSync(h2)).toBe(false);
    mkdirSync(h2);
    await prepareRealmImport(dir, { ...secrets, BAZAR_USER_SERVICE_CLIENT_SECRET: 'c'.repeat(43) }, { demoAccounts: false });
    expect(existsSync(h2)).toBe(false);
    expect(imported()).toEqual(['bazar-realm.json']);
  });
});

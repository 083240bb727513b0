// The local stack's secrets (infra/stack/secrets.ts) and what Keycloak is given to import
// (infra/stack/keycloak-realm.ts), on temporary folders: no stack needed.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SECRET_NAMES, installationSecrets } from '../stack/secrets.ts';
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

// No secret of an installation is in the repository (issue 18): every tracked file (`git ls-files`)
// is searched for the secrets once committed, the default credentials components ship with, and this
// installation's own generated secrets; Keycloak's import files may hold no password or client secret
// but `${…}` placeholders, except the demo accounts on the allow-list below.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** This file names what it looks for. */
const THIS_FILE = path.relative(ROOT, __filename);

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && file !== THIS_FILE && existsSync(path.join(ROOT, file)));

function textOf(file: string): string | undefined {
  const bytes = readFileSync(path.join(ROOT, file));
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

/** Found in any tracked file, each fails the test. */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: "the user service's client secret that was once committed", pattern: /bazar-user-service-secret/ },
  {
    what: "Keycloak's default admin password (admin/admin)",
    pattern: /KC_BOOTSTRAP_ADMIN_PASSWORD[ \t]*[:=][ \t]*['"]?(\$\{\w+:?-)?admin\b/,
  },
  { what: "a password for Keycloak's legacy admin variable", pattern: /KEYCLOAK_ADMIN_PASSWORD[ \t]*[:=][ \t]*['"]?(?!\$\{)[^\s'"]/ },
  { what: 'a default value for a secret (`${…SECRET:-…}`)', pattern: /\$\{\w*(SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE_KEY)\w*:?-[^}]/ },
  { what: "MongoDB's root password", pattern: /MONGO_INITDB_ROOT_PASSWORD[ \t]*[:=][ \t]*['"]?(?!\$\{)[^\s'"]/ },
  { what: 'a Redis password', pattern: /requirepass[ \t]+['"]?(?!\$)[^\s'"-]/ },
  { what: 'a private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
];

/** The secrets this installation made (infra/stack/secrets.ts), when it has made them. */
function installationSecrets(): string[] {
  const file = path.join(process.env.BAZAR_STACK_DIR ?? path.join(ROOT, '.stack'), 'secrets.json');
  if (!existsSync(file)) return [];
  return Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).filter((secret) => secret.length >= 16);
}

/** The one exception: the spec's demo accounts. They are for local use only: they live in their own
 *  import file (infra/keycloak/demo-users), which neither the local stack nor the compose image
 *  imports when NODE_ENV=production, and `npm start` prints them. */
const DEMO_ACCOUNTS = [
  { username: 'admin@bazar.test', password: 'admin123' },
  { username: 'shopper@bazar.test', password: 'shopper123' },
];
const DEMO_USERS_FILE = 'infra/keycloak/demo-users/bazar-users-0.json';

test('no tracked file holds a known secret or a default credential of a component', () => {
  const known = installationSecrets();
  const found: string[] = [];
  for (const file of tracked) {
    const text = textOf(file);
    if (text === undefined) continue;
    for (const { what, pattern } of FORBIDDEN) if (pattern.test(text)) found.push(`${file}: ${what}`);
    if (known.some((secret) => text.includes(secret))) found.push(`${file}: a secret of this installation (.stack/secrets.json)`);
  }
  expect(found).toEqual([]);
});

/** Every value under a key that holds a secret in Keycloak's representations, with where it is. */
function secretValues(node: unknown, at: string, out: { at: string; value: unknown }[] = []) {
  if (Array.isArray(node)) node.forEach((item, i) => secretValues(item, `${at}[${i}]`, out));
  else if (node && typeof node === 'object') {
    const entries = Object.entries(node as Record<string, unknown>);
    const isCredential = entries.some(([key, value]) => key === 'type' && value === 'password');
    for (const [key, value] of entries) {
      if (/^(secret|clientSecret|password|hashedSecret)$/i.test(key) || (isCredential && key === 'value'))
        out.push({ at: `${at}.${key}`, value });
      else secretValues(value, `${at}.${key}`, out);
    }
  }
  return out;
}

test("Keycloak's import files hold only placeholders for secrets, and passwords only of the demo accounts", () => {
  const imports = tracked.filter((file) => /^infra\/keycloak\/.*\.json$/.test(file) && !file.includes('/themes/'));
  expect(imports).toEqual(expect.arrayContaining(['infra/keycloak/realms/bazar-realm.json', DEMO_USERS_FILE]));
  const literal: string[] = [];
  for (const file of imports) {
    for (const { at, value } of secretValues(JSON.parse(textOf(file)!), file)) {
      if (typeof value === 'string' && /^\$\{\w+(:[^}]*)?\}$/.test(value)) continue;
      const demo = DEMO_ACCOUNTS.some(({ password }) => password === value);
      if (demo && file === DEMO_USERS_FILE) continue;
      literal.push(`${at} = ${JSON.stringify(value)}`);
    }
  }
  expect(literal).toEqual([]);

  const { users } = JSON.parse(textOf(DEMO_USERS_FILE)!) as { users: { username: string; credentials: { value: string }[] }[] };
  expect(users.map((user) => ({ username: user.username, password: user.credentials[0]?.value }))).toEqual(DEMO_ACCOUNTS);
});

test('the files secrets are written to are ignored by git', () => {
  for (const file of ['.env', '.stack/secrets.json']) {
    expect({ file, ignored: spawnSync('git', ['check-ignore', '-q', file], { cwd: ROOT }).status === 0 }).toEqual({ file, ignored: true });
  }
});

test('.env.example names every secret compose needs, with no value', () => {
  const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  const entries = [...example.matchAll(/^(\w+)=(.*)$/gm)].map(([, name, value]) => ({ name: name!, value: value! }));
  const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
  const required = [...new Set([...compose.matchAll(/\$\{(\w+):\?/g)].map(([, name]) => name!))];
  expect(required).toEqual(expect.arrayContaining(['BAZAR_USER_SERVICE_CLIENT_SECRET', 'KC_BOOTSTRAP_ADMIN_PASSWORD']));
  expect(required.filter((name) => !entries.some((entry) => entry.name === name))).toEqual([]);
  expect(entries.filter(({ name, value }) => /SECRET|PASSWORD|TOKEN/.test(name) && value.trim() !== '')).toEqual([]);
});

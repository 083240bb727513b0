// The store's email rule is declared once, as EMAIL_PATTERN in packages/contracts. Keycloak cannot
// import it, so its two copies (the realm's user profile, the login theme's properties) are held to it here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EMAIL_PATTERN } from '@bazar/contracts';

const KEYCLOAK = path.resolve(__dirname, '../keycloak');

/** A Java properties value as Keycloak reads it (the file escapes each backslash). */
function themeProperty(name: string): string | undefined {
  const file = readFileSync(path.join(KEYCLOAK, 'themes/bazar/login/theme.properties'), 'utf8');
  const line = file.split('\n').find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1).replace(/\\(.)/g, '$1');
}

interface ProfileAttribute {
  name: string;
  validations: Record<string, Record<string, unknown>>;
}

function realmEmailValidations(): ProfileAttribute['validations'] {
  const realm = JSON.parse(readFileSync(path.join(KEYCLOAK, 'realms/bazar-realm.json'), 'utf8')) as {
    components: Record<string, { config: Record<string, string[]> }[]>;
  };
  const profile = realm.components['org.keycloak.userprofile.UserProfileProvider']?.[0]?.config['kc.user.profile.config']?.[0];
  const attributes = (JSON.parse(profile ?? '{}') as { attributes?: ProfileAttribute[] }).attributes ?? [];
  return attributes.find((attribute) => attribute.name === 'email')?.validations ?? {};
}

test("Keycloak's user profile holds a chosen email to the contracts' rule, with the spec's message, and to no other rule", () => {
  const validations = realmEmailValidations();
  expect(validations['bazar-chosen-email-pattern']).toEqual({
    pattern: EMAIL_PATTERN.source,
    'error-message': 'bazarInvalidEmailMessage',
  });
  // Keycloak's own `email` validator refuses addresses the rule accepts (a..b@x.bd).
  expect(Object.keys(validations).sort()).toEqual(['bazar-chosen-email-pattern', 'length']);
});

test("the login theme's pages check the contracts' rule", () => {
  expect(themeProperty('bazarEmailPattern')).toBe(EMAIL_PATTERN.source);
});

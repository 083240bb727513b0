// Keycloak's sign-in, sign-up and mail texts in Bangla: the realm offers English and Bangla (the store
// passes the shopper's choice as ui_locales), and each message of the theme's English bundles has
// its Bangla one with the same placeholders, so no Bangla page falls back to English for our words.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const THEME = path.resolve(__dirname, '../keycloak/themes/bazar');

/** A properties file's messages by key (comments and blank lines left out). */
function bundle(file: string): Map<string, string> {
  const lines = readFileSync(path.join(THEME, file), 'utf8').split('\n');
  return new Map(
    lines
      .filter((line) => line.includes('=') && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const placeholders = (message: string) => [...message.matchAll(/\{\d+\}/g)].map((match) => match[0]).sort();

test.each(['login', 'email'])('the %s theme says every English message in Bangla, with the same placeholders', (theme) => {
  const english = bundle(`${theme}/messages/messages_en.properties`);
  const bangla = bundle(`${theme}/messages/messages_bn.properties`);
  for (const [key, message] of english) {
    expect({ key, placeholders: placeholders(bangla.get(key) ?? '') }).toEqual({ key, placeholders: placeholders(message) });
    expect({ key, bangla: /[\u0980-\u09FF]/.test(bangla.get(key) ?? '') }).toEqual({ key, bangla: true });
  }
});

test('the realm offers English and Bangla, English first', () => {
  const realm = JSON.parse(readFileSync(path.resolve(__dirname, '../keycloak/realms/bazar-realm.json'), 'utf8')) as Record<string, unknown>;
  expect(realm).toMatchObject({ internationalizationEnabled: true, supportedLocales: ['en', 'bn'], defaultLocale: 'en' });
});

// Message files of the storefront's apps (src/messages/en.json, bn.json): each Bangla message must
// exist for each English one, with the same placeholders ({{name}}) and tags (<time>), and every key
// the app's code asks for must exist.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

type Messages = { [key: string]: string | Messages };

/** Every message's key (nested keys joined with dots) with the placeholders and tags it holds. */
export function messageShapes(messages: Messages, prefix = ''): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, [...value.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((match) => match[0]).sort()]]
        : Object.entries(messageShapes(value, `${prefix}${key}.`)),
    ),
  );
}

/**
 * The message keys the code under `folder` asks for by name (`t('key')`) that its English file
 * lacks: i18next shows such a key as it is ('contact' in the footer), in every language.
 */
export function keysMissingFrom(messages: Messages, folder: string): string[] {
  const known = new Set(Object.keys(messageShapes(messages)).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
  const asked = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => [...readFileSync(path.join(folder, file), 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((match) => match[1]!));
  return [...new Set(asked)].filter((key) => !known.has(key)).sort();
}

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

/**
 * Keys a message file names twice in one object (nested keys joined with dots). JSON.parse keeps the
 * last silently: a message and a group of messages under one name leave the message unreachable,
 * and i18next then shows its key in every language.
 */
export function keysNamedTwice(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const twice: string[] = [];
  // one frame an open object or array: the keys it has named, and its own key
  const frames: { keys: Set<string> | undefined; path: string }[] = [];
  let lastString = '';
  let pendingKey: string | undefined;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      lastString = JSON.parse(text.slice(at, end + 1)) as string;
      at = end;
    } else if (char === ':') {
      const frame = frames.at(-1)!;
      const key = frame.path ? `${frame.path}.${lastString}` : lastString;
      if (frame.keys?.has(lastString)) twice.push(key);
      frame.keys?.add(lastString);
      pendingKey = key;
    } else if (char === '{' || char === '[') {
      frames.push({ keys: char === '{' ? new Set() : undefined, path: pendingKey ?? frames.at(-1)?.path ?? '' });
      pendingKey = undefined;
    } else if (char === '}' || char === ']') {
      frames.pop();
    } else if (char === ',') {
      pendingKey = undefined;
    }
  }
  return twice;
}

// Message files of the storefront's apps (src/messages/en.json, bn.json): each Bangla message must
// exist for each English one, with the same placeholders ({{name}}) and tags (<time>).

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

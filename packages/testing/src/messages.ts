// Message files of the storefront's apps (src/messages/en.json, bn.json): each Bangla message must
// exist for each English one, with the same placeholders ({{name}}) and tags (<time>); and no words
// shown to the shopper may be written in an app's markup instead of in them.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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

/** Attributes whose words a shopper reads or hears (shown, or said by a screen reader). */
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'alt', 'title', 'placeholder', 'label']);

/** A text of the product's own that is the same in every language (the store's name). */
const SAME_IN_EVERY_LANGUAGE = new Set(['Bazar']);

/**
 * Words written into the markup of the `.tsx` files under `folder` instead of coming from the message
 * files: JSX text, a string literal as a JSX child, and the shown attributes above given as string
 * literals. Answers each as `<file>:<line>: <text>`.
 */
export function hardCodedTexts(folder: string): string[] {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'),
  );
  return files.flatMap((file) => {
    const source = ts.createSourceFile(
      file,
      readFileSync(path.join(folder, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const found: string[] = [];
    const report = (node: ts.Node, text: string) => {
      const words = text.replace(/\s+/g, ' ').trim();
      if (!/\p{L}/u.test(words) || SAME_IN_EVERY_LANGUAGE.has(words)) return;
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${words}`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node)) report(node, node.text);
      else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent) && isStringLiteral(node.expression))
        report(node, node.expression.text);
      else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
        const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (value && isStringLiteral(value)) report(node, value.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

const isStringLiteral = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

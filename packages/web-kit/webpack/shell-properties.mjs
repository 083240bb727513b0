// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = fileURLToPath(new URL('../styles/shared-properties.css', import.meta.url));

/** @type {Map<string, Promise<Set<string>>>} */
const registeredFor = new Map();

/**
 * The names of the @property rules the shell registers for every app: what Tailwind writes for the
 * utilities of styles/shared-properties.css, with the app's own Tailwind.
 *
 * @param {string} appDir
 * @param {import('postcss').Postcss} postcss
 */
function shellRegistered(appDir, postcss) {
  let names = registeredFor.get(appDir);
  if (!names) {
    const tailwind = createRequire(path.join(appDir, 'package.json'))('@tailwindcss/postcss');
    const css = [
      `@import 'tailwindcss/theme.css' theme(reference);`,
      `@import 'tailwindcss/utilities.css' source(none);`,
      `@import ${JSON.stringify(SHARED)};`,
    ].join('\n');
    names = postcss([tailwind({ base: appDir, optimize: false })])
      .process(css, { from: path.join(appDir, 'shared-properties.css') })
      .then(({ root }) => {
        /** @type {Set<string>} */
        const found = new Set();
        root.walkAtRules('property', (rule) => {
          found.add(rule.params);
        });
        return found;
      });
    registeredFor.set(appDir, names);
  }
  return names;
}

/**
 * A remote's stylesheet without the @property rules the shell already registered: it arrives after
 * the first paint, and registering one, even one the page has, restyles the whole page in Chromium.
 * Tailwind has no option to leave them out. Dropped too are their declarations in Tailwind's
 * `@layer properties` fallback (for browsers without @property), which the shell's sheet also has.
 *
 * @param {string} appDir
 * @returns {import('postcss').Plugin}
 */
export function withoutShellProperties(appDir) {
  return {
    postcssPlugin: 'bazar-without-shell-properties',
    async Once(root, { postcss }) {
      const registered = await shellRegistered(appDir, postcss);
      root.walkAtRules('property', (rule) => {
        if (registered.has(rule.params)) rule.remove();
      });
      root.walkAtRules('layer', (layer) => {
        if (layer.params !== 'properties' || !layer.nodes) return;
        layer.walkDecls((declaration) => {
          if (registered.has(declaration.prop)) declaration.remove();
        });
        removeIfEmpty(layer);
      });
    },
  };
}

/**
 * Removes the rules and at-rules left without content inside `container`, and it too if it is left empty.
 *
 * @param {import('postcss').Container} container
 */
function removeIfEmpty(container) {
  for (const node of [...(container.nodes ?? [])]) {
    if ((node.type === 'rule' || node.type === 'atrule') && node.nodes) removeIfEmpty(node);
  }
  if (container.nodes?.length === 0) container.remove();
}

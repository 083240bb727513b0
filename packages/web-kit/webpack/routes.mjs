// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A remote's pages, from its `src/routes.mts` (plain data, read here by Node, which strips its types):
 * the modules to expose, one per page (fetched when the page is first wanted), and the pages as its
 * mf-manifest.json publishes them for the shell, menu labels read from the remote's message files
 * in every language, so that the shell shows the menus before any of the remote's code arrives.
 *
 * @param {string} appDir
 * @param {string} routesFile relative to appDir, e.g. './src/routes.mts'
 */
export async function remoteRoutes(appDir, routesFile) {
  /** @type {{ default: import('../src/pages').PageRoute[] }} */
  const { default: routes } = await import(pathToFileURL(path.join(appDir, routesFile)).href);
  const messagesDir = path.join(appDir, 'src', 'messages');
  const messages = Object.fromEntries(
    readdirSync(messagesDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [path.basename(file, '.json'), JSON.parse(readFileSync(path.join(messagesDir, file), 'utf8'))]),
  );
  const label = (/** @type {string} */ key) =>
    Object.fromEntries(
      Object.entries(messages).map(([language, texts]) => {
        const text = key.split('.').reduce((found, part) => found?.[part], texts);
        if (typeof text !== 'string') throw new Error(`${routesFile}: the menu label ${key} is not in src/messages/${language}.json`);
        return [language, text];
      }),
    );

  /** @type {Record<string, string>} */
  const exposes = {};
  const published = routes.map(({ page, menu, ...route }) => {
    const file = `./${path.posix.join(path.posix.dirname(routesFile), page)}`;
    const expose = `./${path.posix.basename(page, path.posix.extname(page))}`;
    if (exposes[expose] && exposes[expose] !== file) throw new Error(`${routesFile}: two pages' modules are named ${expose}`);
    exposes[expose] = file;
    return { ...route, expose, ...(menu && { menu: { ...menu, label: label(menu.label) } }) };
  });
  return { exposes, published };
}

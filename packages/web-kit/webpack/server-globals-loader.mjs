// @ts-check
import { fileURLToPath } from 'node:url';

const serverGlobals = JSON.stringify(fileURLToPath(new URL('./server-globals.mjs', import.meta.url)));

/**
 * web-kit's modules in a server build (server-config.mjs) read `document` and `localStorage` from
 * server-globals.mjs: given to these modules only, since a library that finds a `document` takes
 * itself to be in a browser (the federation runtime does).
 *
 * @param {string} source
 */
export default function serverGlobalsLoader(source) {
  return `import { document, localStorage } from ${serverGlobals};\n${source}`;
}

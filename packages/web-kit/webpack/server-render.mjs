// @ts-check
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What belongs to one page's render in a server build (server-config.mjs): the render's API reads
 * are told to it (server-query.mjs) and its words are in its language (server-i18next.mjs), while
 * other renders run beside it in the same process. The one AsyncLocalStorage of the process, kept
 * on `globalThis` under a registered symbol: the shell's server build and each remote's carry a copy
 * of this module, and whichever copy's code runs finds the render it runs for.
 *
 * @typedef {import('./server-render.d.mts').PageRender} PageRender
 * @type {AsyncLocalStorage<PageRender>}
 */
export const pageRender = /** @type {any} */ (globalThis[Symbol.for('bazar.page-render')] ??= new AsyncLocalStorage());
